import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 * @typedef {import('../lib/visitor-types.js').VisitorContext} VisitorContext
 * @typedef {{ externalValue?: unknown }} Example
 */

/** Where the bundle is written, relative to the root document, when the option does not say. */
const DEFAULT_OUTPUT_DIR = 'dist';

/**
 * `payments-connect/keep-external-values`, a bundle decorator: an example whose `externalValue` names a file beside
 * the description (a file upload) keeps that reference in the bundle, rewritten to be relative to the bundle's
 * folder. Without it `redocly bundle` reads the file into `value` as text, which breaks binary content and turns a
 * serialized multipart body into a string where the example's schema wants the form's parts. Absolute URLs are left
 * as they are.
 *
 * The bundler replaces `externalValue` when it leaves an Example; this decorator runs after it. So it takes the
 * reference away when it enters the Example (the bundler then finds none to read) and puts it back, rebased, when it
 * leaves.
 *
 * @param {{ outputDir?: string }} [options] `outputDir`: the folder the bundle is written to, relative to the root
 *   document (`redocly bundle openapi.yaml -o dist/openapi.json` writes to `dist`)
 * @returns {Visitor}
 */
export default function KeepExternalValues({ outputDir = DEFAULT_OUTPUT_DIR } = {}) {
  let bundleDir = '';
  /** @type {Map<Example, string>} */
  const kept = new Map();
  return {
    Root: {
      /**
       * @param {unknown} _root
       * @param {VisitorContext} ctx
       */
      enter(_root, ctx) {
        bundleDir = resolve(dirname(filePath(ctx.location.source.absoluteRef)), outputDir);
      },
    },
    Example: {
      /**
       * @param {Example} example
       * @param {VisitorContext} ctx
       */
      enter(example, ctx) {
        const reference = example.externalValue;
        if (typeof reference !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(reference) || isAbsolute(reference)) return;
        const target = resolve(dirname(filePath(ctx.location.source.absoluteRef)), reference);
        kept.set(example, relative(bundleDir, target).split(sep).join('/'));
        delete example.externalValue;
      },
      /** @param {Example} example */
      leave(example) {
        const reference = kept.get(example);
        if (reference === undefined) return;
        example.externalValue = reference;
        kept.delete(example);
      },
    },
  };
}

/**
 * Redocly names files by path, or by `file:` URL when it read them through one.
 * @param {string} absoluteRef
 */
function filePath(absoluteRef) {
  return absoluteRef.startsWith('file:') ? fileURLToPath(absoluteRef) : absoluteRef;
}

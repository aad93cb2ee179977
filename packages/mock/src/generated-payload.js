import { deferFakerLoading } from './lazy-faker.js';

/** @typedef {{ _tag: 'Right', right: unknown } | { _tag: 'Left', left: Error }} Generated */

/**
 * @typedef {object} PrismGenerator Prism's JSON Schema generators (`@stoplight/prism-http`'s mocker)
 * @property {(resource: object, bundle: unknown, schema: object, seed?: string) => Generated} generate
 *   random data (json-schema-faker), repeatable with a seed
 * @property {(spec: object, schema: object) => Generated} generateStatic a sample of the schema (json-schema-sampler)
 */

/** @type {PrismGenerator | undefined} */
let generator;

/** Why generated answers are not available, for a message that says what to install. */
const GENERATOR_MISSING =
  'answers generated from the schemas (--dynamic, Prefer: dynamic=true) need the optional peer dependency ' +
  '@stoplight/prism-http: npm install --save-dev @stoplight/prism-http@5.12.0';

/** Why generated answers are not available in a browser (the MSW handlers under `setupWorker`). */
const GENERATOR_OUTSIDE_NODE =
  "answers generated from the schemas (Prefer: dynamic=true) need Node: Prism's generator does not run in a " +
  'browser; ask for a named example or a status instead (Prefer: example=closedCase, code=409)';

/**
 * Prism's generators, loaded on first use: a mock that answers with named examples never pays for them, and
 * does not need them installed (`@stoplight/prism-http` is an optional peer dependency: some 120 packages). Node's
 * module loader is asked for at that moment too (`process.getBuiltinModule`), not imported: the answerer's modules
 * load in a browser as well (the MSW handlers), where no `node:` module is.
 * @returns {PrismGenerator}
 * @throws {Error} {@link GENERATOR_MISSING} when `@stoplight/prism-http` is not installed, and
 *   {@link GENERATOR_OUTSIDE_NODE} outside Node
 */
export function prismGenerator() {
  if (!generator) {
    const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
    if (!nodeModule) throw new Error(GENERATOR_OUTSIDE_NODE);
    let entry;
    try {
      entry = nodeModule.createRequire(import.meta.url).resolve('@stoplight/prism-http');
    } catch {
      throw new Error(GENERATOR_MISSING);
    }
    // Resolved from Prism's own location, so that the module is the one of the pinned @stoplight/prism-http.
    const prismRequire = nodeModule.createRequire(entry);
    deferFakerLoading(prismRequire);
    generator = /** @type {PrismGenerator} */ (prismRequire('./mocker/generator/JSONSchema.js'));
  }
  return generator;
}

/**
 * Data for a schema of the contract: random (`dynamic`, as Prism's `--dynamic`) or a deterministic sample.
 * @param {any} document the contract document, against which the schema's `#/components/...` references resolve
 * @param {object} schema
 * @param {{ dynamic: boolean, seed?: string }} options
 * @returns {unknown}
 * @throws {Error} when the schema cannot be generated
 */
export function generatePayload(document, schema, { dynamic, seed }) {
  const { generate, generateStatic } = prismGenerator();
  // json-schema-faker resolves references against the root it is given: the schema, with the document's components.
  const rooted = { ...schema, components: document.components };
  const result = dynamic ? generate({}, undefined, rooted, seed) : generateStatic(document, rooted);
  if (result._tag === 'Left') throw result.left;
  return result.right;
}

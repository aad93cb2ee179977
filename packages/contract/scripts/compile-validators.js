#!/usr/bin/env node
// Part of the build: writes `dist/bundled-contract.js` (`@payments-connect/contract/bundled`), one ES module that holds
// the bundled description of @payments-connect/openapi and the validators of every schema the model validates values
// against (`validatedSchemaPointers`), compiled here by Ajv into plain code (its standalone code), with the little of
// Ajv's runtime that code calls bundled in: no `eval` or `new Function` at run time, no import of Node's, so that it
// loads in Node, where `loadContract` uses it, and in a browser under a strict Content-Security-Policy. Its
// declarations beside it. `--check` says whether the module on disk is what the build would write now.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ajvStandalone from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { loadBundledDocument } from '../src/contract.js';
import { CONTRACT_AJV_OPTIONS, contractAjv, DOCUMENT_ID } from '../src/model/schema-compiler.js';
import { validatedSchemaPointers } from '../src/model/validated-schemas.js';

/** Where the build writes the module and its declarations: the files the package's `./bundled` entry names. */
export const BUNDLED_CONTRACT = fileURLToPath(new URL('../dist/bundled-contract.js', import.meta.url));
const DECLARATIONS = BUNDLED_CONTRACT.replace(/\.js$/, '.d.ts');

/**
 * The module's text for a document: the validators of its schemas by pointer, and the document itself (as JSON text,
 * parsed anew for each caller, so that no two contracts share one).
 * @param {any} document the bundled OpenAPI document
 * @returns {Promise<string>}
 */
export async function bundledContractModule(document) {
  const pointers = validatedSchemaPointers(document);
  const ajv = contractAjv({ ...CONTRACT_AJV_OPTIONS, code: { source: true, esm: true } });
  ajv.addSchema(document, DOCUMENT_ID);
  const exported = Object.fromEntries(pointers.map((pointer, index) => [`v${index}`, `${DOCUMENT_ID}${pointer}`]));
  // CommonJS: its `default` is the function, as its types say, in Node as in a type check.
  const compiled = ajvStandalone.default(ajv, exported);
  // Each validator is a constant of the module, not an export of its own: the module exports them by pointer.
  const byPointer = pointers.map((pointer, index) => `${JSON.stringify(pointer)}: v${index}`);
  const source = [
    compiled.replace(/export const (v\d+) = /g, 'const $1 = '),
    `const documentText = ${JSON.stringify(JSON.stringify(document))};`,
    '/** A copy of the bundled description, parsed anew for each caller. */',
    'export function bundledDocument() { return JSON.parse(documentText); }',
    '/** The validators compiled at build, by the pointer of the schema each checks. */',
    `export const validators = Object.freeze({${byPointer}});`,
  ].join('\n');
  const version = `${document.info?.title} ${document.info?.version}`;
  const bundled = await build({
    stdin: { contents: source, resolveDir: fileURLToPath(new URL('..', import.meta.url)), sourcefile: 'validators.js' },
    bundle: true,
    write: false,
    format: 'esm',
    // Ajv's runtime is CommonJS: read as such, from its `main`; nothing of Node's is needed.
    platform: 'neutral',
    mainFields: ['main'],
    target: 'es2022',
    minifyWhitespace: true,
    legalComments: 'none',
    banner: {
      js:
        `// GENERATED FILE (scripts/compile-validators.js, at build) from ${version}: never edit. ${pointers.length} ` +
        'validators compiled by Ajv, and the description they check.',
    },
  });
  return /** @type {{ text: string }} */ (bundled.outputFiles[0]).text;
}

/** The module's declarations: written with it, from nothing the build emits elsewhere. */
const DECLARATIONS_TEXT = `// GENERATED FILE (scripts/compile-validators.js, at build): never edit.
/** A check of a value against one schema: true when it matches, its \`errors\` (Ajv's) set when it does not. */
export type SchemaCheck = { (value: unknown): boolean; errors?: import('ajv').ErrorObject[] | null };
/** A copy of the bundled description of @payments-connect/openapi, parsed anew for each caller. */
export declare function bundledDocument(): any;
/** The validators of every schema the contract model checks values against, compiled at build, by pointer. */
export declare const validators: Readonly<Record<string, SchemaCheck>>;
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await bundledContractModule(loadBundledDocument());
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(BUNDLED_CONTRACT, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${BUNDLED_CONTRACT} is not what the bundled description compiles to: run pnpm build`);
      process.exit(1);
    }
  } else {
    mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
    writeFileSync(BUNDLED_CONTRACT, text);
    writeFileSync(DECLARATIONS, DECLARATIONS_TEXT);
    console.log(`${BUNDLED_CONTRACT}: ${Buffer.byteLength(text)} bytes`);
  }
}

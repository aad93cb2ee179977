import { createRequire } from 'node:module';

/**
 * @typedef {import('./schema-validator.js').SchemaCheck} SchemaCheck
 */

/** The id the whole document is registered under, so that every `#/components/...` reference resolves. */
export const DOCUMENT_ID = 'urn:payments-connect:contract';

/**
 * The options of the contract's Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1), one set for the validators
 * compiled as a server starts and those compiled at build (`scripts/compile-validators.js`), which are therefore the
 * same code. Not strict: Schema Objects carry OpenAPI keywords (example, discriminator) that JSON Schema does not know.
 */
export const CONTRACT_AJV_OPTIONS = Object.freeze({
  strict: false,
  allErrors: true,
  validateSchema: false,
  logger: /** @type {const} */ (false),
});

const require = createRequire(import.meta.url);

/**
 * A new Ajv with the contract's formats: ajv-formats', and `binary` (a part of a multipart body is any bytes; the
 * request validator checks parts, not their bytes). Ajv is loaded with the first one: a server whose validators were
 * compiled at build, and a process that only reads the contract, never load it.
 * @param {import('ajv').Options} options
 * @returns {import('ajv').default}
 */
export function contractAjv(options) {
  /** @type {typeof import('ajv/dist/2020.js')} */
  const { Ajv2020 } = require('ajv/dist/2020.js');
  /** @type {import('ajv-formats').FormatsPlugin} */
  const addFormats = require('ajv-formats');
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

/**
 * Compiles the schemas of a document as they are first used, named by where they sit, with one Ajv holding the whole
 * document: Node's, in the model's validator (`schema-validator.js`) for each schema no validator compiled at build
 * covers. A platform without `new Function` (a browser under a strict CSP) has none (`schema-compiler-web.js`).
 * @param {any} document the bundled OpenAPI document
 * @returns {(pointer: string) => SchemaCheck} throws for a pointer where the document has no schema
 */
export function documentSchemaCompiler(document) {
  /** @type {import('ajv').default | undefined} */
  let ajv;
  return (pointer) => {
    if (!ajv) {
      ajv = contractAjv(CONTRACT_AJV_OPTIONS);
      ajv.addSchema(document, DOCUMENT_ID);
    }
    const validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return validate;
  };
}

/**
 * Compiles one schema that is no part of a document (a format of a server's own), stopping at the first problem, each
 * error with the schema that failed (`verbose`).
 * @param {object} schema no reference leaves it
 * @returns {SchemaCheck}
 */
export function compileStandaloneSchema(schema) {
  return contractAjv({ strict: false, allErrors: false, verbose: true, logger: false }).compile(schema);
}

import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { escapeToken } from './json-pointer.js';
import { summariseSchemaErrors } from './schema-issues.js';

// ajv-formats is CommonJS: under ESM its default export arrives as the plugin function itself.
const addFormats = /** @type {import('ajv-formats').FormatsPlugin} */ (/** @type {unknown} */ (ajvFormats));

/** The id the whole document is registered under, so that every `#/components/...` reference resolves. */
const DOCUMENT_ID = 'urn:payments-connect:contract';

/**
 * @callback ValidateAt
 * @param {string} pointer where the schema sits in the document (`#/components/schemas/RfiCase`)
 * @param {unknown} value
 * @returns {import('./schema-issues.js').SchemaIssue[]} empty when the value matches
 */

/**
 * One Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) holding the whole contract document. Schemas are
 * named by where they sit, compiled on first use and kept; every reader of the contract validates through it.
 * @param {any} document the bundled OpenAPI document
 * @returns {{ validateAt: ValidateAt }}
 */
export function createSchemaValidator(document) {
  // Not strict: Schema Objects carry OpenAPI keywords (example, discriminator) that JSON Schema does not know.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
  addFormats(ajv);
  // A binary part of a multipart body is any bytes; the request validator checks parts, not their bytes.
  ajv.addFormat('binary', true);
  ajv.addSchema(document, DOCUMENT_ID);
  // Ajv keeps what it compiled, but finding it again normalises the id and walks its registry on every call: a
  // server validates on every request, so each pointer's function is looked up once.
  /** @type {Map<string, import('ajv').ValidateFunction>} */
  const compiled = new Map();

  return {
    validateAt(pointer, value) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
        if (!validate) throw new Error(`no schema at ${pointer}`);
        compiled.set(pointer, validate);
      }
      return validate(value) ? [] : summariseSchemaErrors(validate.errors ?? []);
    },
  };
}

/**
 * @typedef {import('./schema-issues.js').SchemaIssue & { description?: string }} StandaloneSchemaIssue an issue of a
 *   standalone schema: `path` names a missing or unknown property itself (`/clock/advancedSeconds`); `description` is
 *   the failing schema's own, what it wanted in its author's words; `expected`, for a property the schema does not
 *   know, the properties it does
 */

/**
 * A validator of one JSON Schema (2020-12) that is no part of the contract's document: a format of a server's own (the
 * emulator's snapshot), checked with the contract's Ajv and formats. It stops at the first problem.
 * @param {object} schema a standalone schema: no reference leaves it
 * @returns {(value: unknown) => StandaloneSchemaIssue[]} empty when the value matches
 */
export function compileJsonSchema(schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, verbose: true, logger: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((error) => {
          const [issue] = /** @type {[import('./schema-issues.js').SchemaIssue]} */ (summariseSchemaErrors([error]));
          const { missingProperty, additionalProperty } = /** @type {Record<string, string | undefined>} */ (
            error.params
          );
          const property = missingProperty ?? additionalProperty;
          /** @type {StandaloneSchemaIssue} */
          const standalone = { ...issue };
          if (property !== undefined) standalone.path = `${error.instancePath}/${escapeToken(property)}`;
          if (additionalProperty !== undefined)
            standalone.expected = Object.keys(error.parentSchema?.properties ?? {}).join(', ');
          if (typeof error.parentSchema?.description === 'string')
            standalone.description = error.parentSchema.description;
          return standalone;
        });
}

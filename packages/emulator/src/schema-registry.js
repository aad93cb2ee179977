import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as the plugin function itself under ESM.
const addFormats = /** @type {import('ajv-formats').FormatsPlugin} */ (/** @type {unknown} */ (ajvFormats));

/** The id the whole spec is registered under, so that its `#/components/...` references resolve. */
const SPEC_SCHEMA_ID = 'urn:payments-connect:openapi';

/**
 * @typedef {(value: unknown) => { valid: boolean, errors: string[] }} SchemaCheck
 */

/**
 * One Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) holding the bundled spec, compiling and
 * caching checks for the schemas of operations, parameters and webhooks.
 * @param {any} spec the bundled OpenAPI document
 */
export function createSchemaRegistry(spec) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  // Binary parts of multipart bodies are checked by the multipart reader, not as JSON strings.
  ajv.addFormat('binary', true);
  ajv.addSchema(spec, SPEC_SCHEMA_ID);
  /** @type {WeakMap<object, SchemaCheck>} */
  const cache = new WeakMap();

  /**
   * @param {any} schema a schema object taken from the spec (may hold `#/components/...` references)
   * @returns {SchemaCheck}
   */
  function compile(schema) {
    const cached = cache.get(schema);
    if (cached) return cached;
    const validate = ajv.compile(anchorRefs(schema));
    /** @type {SchemaCheck} */
    const check = (value) => {
      const valid = /** @type {boolean} */ (validate(value));
      return { valid, errors: valid ? [] : (validate.errors ?? []).map(describeAjvError) };
    };
    cache.set(schema, check);
    return check;
  }

  return { compile };
}

/**
 * Rewrites local references so that a schema lifted out of the spec still resolves against it.
 * @param {any} node
 * @returns {any}
 */
function anchorRefs(node) {
  if (Array.isArray(node)) return node.map(anchorRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? [key, `${SPEC_SCHEMA_ID}${value}`]
        : [key, anchorRefs(value)],
    ),
  );
}

/** @param {import('ajv').ErrorObject} error */
function describeAjvError(error) {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  return `${where} ${error.message ?? 'is invalid'}`;
}

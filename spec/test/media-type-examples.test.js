import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadBundledSpec } from './bundled-spec.js';

const spec = loadBundledSpec();
/** The id under which the whole description is registered, so that its internal `$ref`s resolve. */
const SPEC_ID = 'https://payments-connect.example/openapi.json';

/**
 * Every named example of every media type in the description, with the JSON pointer of its media
 * type. Shared request bodies and responses are found once, where they are defined.
 * @returns {Array<[label: string, mediaTypePointer: string, value: unknown]>}
 */
function namedMediaTypeExamples() {
  const found = [];
  const visit = (node, path) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      // Schemas and example values are data, not description structure: a "content" key there is not one.
      if (key === 'schema' || key === 'schemas' || key === 'examples' || key === 'example') continue;
      if (key === 'content' && child && typeof child === 'object' && !Array.isArray(child)) {
        for (const [mediaType, media] of Object.entries(child)) {
          const pointer = [...path, key, mediaType];
          for (const [name, example] of Object.entries(media.examples ?? {})) {
            found.push([`${toPointer(pointer)} › ${name}`, pointer, resolveExample(example)]);
          }
        }
        continue;
      }
      visit(child, [...path, key]);
    }
  };
  visit(spec, []);
  return found;
}

function resolveExample(example) {
  const target = example.$ref ? resolveLocal(example.$ref) : example;
  if (!('value' in target))
    throw new Error(`Example ${example.$ref ?? ''} has no value (externalValue is not used in this spec).`);
  return target.value;
}

function resolveLocal(ref) {
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, segment) => node[segment], spec);
}

function toPointer(segments) {
  return `/${segments.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

function createValidatorFactory() {
  // Not strict: Schema Objects carry OAS keywords (example, discriminator) Ajv does not know.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // OAS format for a file part's bytes; in an example any string stands for them.
  ajv.addFormat('binary', true);
  ajv.addSchema(spec, SPEC_ID);
  const cache = new Map();
  return (mediaTypePointer) => {
    const fragment = toPointer([...mediaTypePointer, 'schema'])
      .split('/')
      .map(encodeURIComponent)
      .join('/');
    if (!cache.has(fragment)) cache.set(fragment, ajv.compile({ $ref: `${SPEC_ID}#${fragment}` }));
    return cache.get(fragment);
  };
}

describe('named examples of every media type', () => {
  const examples = namedMediaTypeExamples();
  const validatorFor = createValidatorFactory();

  it('are found across requests, responses and webhooks', () => {
    expect(examples.length).toBeGreaterThan(40);
    expect(examples.some(([label]) => label.startsWith('/webhooks/'))).toBe(true);
    expect(examples.some(([label]) => label.includes('/requestBody/'))).toBe(true);
  });

  it.each(examples)('%s is valid against its schema', (_label, mediaTypePointer, value) => {
    const validate = validatorFor(mediaTypePointer);
    validate(value);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('the check can fail: a missing required field or an id that is not a UUID is rejected', () => {
    const token = validatorFor(['paths', '/auth/token', 'post', 'responses', '200', 'content', 'application/json']);
    expect(token({ expires_in: 3600, token_type: 'Bearer' })).toBe(false);
    const rfiCase = validatorFor([
      'paths',
      '/v1/rfi/{rfiId}',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
    ]);
    expect(rfiCase({ rfiId: 'not-a-uuid' })).toBe(false);
  });
});

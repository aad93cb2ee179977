import { describe, expect, it } from 'vitest';
import { formatPointer, loadContract } from '../src/contract.js';

const contract = loadContract();
const spec = contract.document;

/**
 * Every named example of every media type in the description, with the JSON pointer of its media type.
 * Shared request bodies and responses are found once, where they are defined.
 * @returns {Array<[label: string, mediaTypePointer: string, value: unknown]>}
 */
function namedMediaTypeExamples() {
  /** @type {Array<[string, string, unknown]>} */
  const found = [];
  /** @param {unknown} node @param {string[]} path */
  const visit = (node, path) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      // Schemas and example values are data, not description structure: a "content" key there is not one.
      if (key === 'schema' || key === 'schemas' || key === 'examples' || key === 'example') continue;
      if (key === 'content' && child && typeof child === 'object' && !Array.isArray(child)) {
        for (const [mediaType, media] of Object.entries(child)) {
          const pointer = formatPointer([...path, key, mediaType]);
          for (const [name, example] of Object.entries(media.examples ?? {})) {
            const { node: target } = contract.dereference(example);
            if (!('value' in target)) throw new Error(`Example ${name} at ${pointer} has no value`);
            found.push([`${decodeURIComponent(pointer)} › ${name}`, pointer, target.value]);
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

/** @param {string} mediaTypePointer @param {unknown} value */
const issuesOf = (mediaTypePointer, value) => contract.validateAt(`${mediaTypePointer}/schema`, value);

describe('named examples of every media type', () => {
  const examples = namedMediaTypeExamples();

  it('are found across requests, responses and webhooks', () => {
    expect(examples.length).toBeGreaterThan(40);
    expect(examples.some(([label]) => label.startsWith('#/webhooks/'))).toBe(true);
    expect(examples.some(([label]) => label.includes('/requestBody/'))).toBe(true);
  });

  it.each(examples)('%s is valid against its schema', (_label, mediaTypePointer, value) => {
    expect(issuesOf(mediaTypePointer, value)).toEqual([]);
  });

  it('the check can fail: a missing required field or an id that is not a UUID is rejected', () => {
    const token = formatPointer(['paths', '/auth/token', 'post', 'responses', '200', 'content', 'application/json']);
    expect(issuesOf(token, { expires_in: 3600, token_type: 'Bearer' })).toEqual([
      expect.objectContaining({ keyword: 'required', expected: 'access_token' }),
    ]);
    const rfiCase = formatPointer([
      'paths',
      '/v1/rfi/{rfiId}',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
    ]);
    expect(issuesOf(rfiCase, { rfiId: 'not-a-uuid' })).toContainEqual(
      expect.objectContaining({ path: '/rfiId', keyword: 'format', expected: 'uuid' }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createContract, createOperationMatcher, loadContract } from '../src/contract.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const bundled = loadContract();
const small = createContract(smallContractDocument());
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

describe('match', () => {
  it('finds the operation and decodes its path parameters', () => {
    const result = bundled.match('put', `/v1/rfi/${RFI_ID}/questions/q%201/answer?x=1`);
    expect(result).toMatchObject({
      kind: 'matched',
      operation: { operationId: 'answerRfiQuestion' },
      pathParams: { rfiId: RFI_ID, questionId: 'q 1' },
    });
  });

  it('answers a method the path lacks with the methods it has', () => {
    expect(bundled.match('DELETE', '/v1/rfi')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(bundled.match('POST', '/v1/account/users/x')).toMatchObject({ allowed: ['GET', 'PUT', 'DELETE'] });
  });

  it('finds nothing for an unknown path, an empty segment or a missing parameter', () => {
    expect(bundled.match('GET', '/v1/unknown').kind).toBe('not-found');
    expect(bundled.match('GET', `/v1/rfi//${RFI_ID}`).kind).toBe('not-found');
    expect(bundled.match('GET', '/v1/rfi//questions').kind).toBe('not-found');
  });

  it('applies the target rule: trailing slash, dot segments, encoding, absolute form', () => {
    for (const target of ['/v1/rfi/', '/v1/x/../rfi', '/v1/%72fi', 'http://host.example/v1/rfi']) {
      expect(bundled.match('GET', target), target).toMatchObject({
        kind: 'matched',
        operation: { operationId: 'listRfiCases' },
      });
    }
    expect(bundled.match('OPTIONS', '*')).toMatchObject({ kind: 'invalid-target' });
  });

  it('prefers a literal segment over a parameter, whatever the order of paths', () => {
    expect(small.match('GET', '/items/special')).toMatchObject({
      kind: 'matched',
      operation: { operationId: 'special' },
    });
    expect(small.match('PUT', '/items/special')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(small.match('PUT', '/items/other')).toMatchObject({ operation: { operationId: 'putItem' } });
  });

  it('picks among many overlapping paths as the rule says, whatever their number and order', () => {
    // Random templates over a small alphabet, so that many overlap, and every request of up to three segments over it
    // (84 paths: drawing them at random repeated these); each match is compared with the rule applied by brute force:
    // of the templates that match, the one with a literal where the others have a parameter, from the left; between
    // equal shapes, the first listed. Bounded: 300 templates, 84 requests.
    let seed = 7;
    const next = (/** @type {number} */ bound) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % bound;
    };
    const words = ['a', 'b', 'c'];
    const routes = Array.from({ length: 300 }, (_, index) => {
      const length = 1 + next(3);
      const segments = Array.from({ length }, (_, at) => (next(3) === 0 ? `{p${at}_${index}}` : words[next(3)]));
      return { path: `/${segments.join('/')}`, method: next(2) === 0 ? 'get' : 'put', id: index };
    });
    const match = createOperationMatcher(routes);
    /** @param {string} path @returns {string[]} */
    const shape = (path) => path.split('/').slice(1);
    const ruleWinner = (/** @type {string[]} */ segments) => {
      const matching = routes.filter((route) => {
        const parts = shape(route.path);
        return (
          parts.length === segments.length &&
          parts.every((part, at) => (part.startsWith('{') ? segments[at] !== '' : part === segments[at]))
        );
      });
      const literalFirst = (/** @type {string} */ a, /** @type {string} */ b) => {
        const [x, y] = [shape(a), shape(b)];
        for (let at = 0; at < x.length; at += 1) {
          const [xLiteral, yLiteral] = [!x[at]?.startsWith('{'), !y[at]?.startsWith('{')];
          if (xLiteral !== yLiteral) return xLiteral ? -1 : 1;
        }
        return 0;
      };
      return matching.sort((a, b) => literalFirst(a.path, b.path))[0]?.path;
    };
    /** @type {string[][]} every path of one to three segments over the words and one that is none of them */
    let requests = [[]];
    /** @type {string[][]} */
    const all = [];
    for (let length = 1; length <= 3; length += 1) {
      requests = requests.flatMap((segments) => [...words, 'z'].map((word) => [...segments, word]));
      all.push(...requests);
    }
    let matched = 0;
    for (const segments of all) {
      const result = match('GET', `/${segments.join('/')}`);
      const expected = ruleWinner(segments);
      const found =
        result.kind === 'matched'
          ? result.operation.path
          : result.kind === 'method-not-allowed'
            ? result.template
            : undefined;
      expect(found, segments.join('/')).toBe(expected);
      if (found) matched += 1;
    }
    expect(all).toHaveLength(84);
    expect(matched).toBeGreaterThan(40);
  });
});

import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint-fixture.js';

const RULE = 'path-uuid-params';
const ruleId = `payments-connect/${RULE}`;
/** @param {string} name */
const notUuid = (name) =>
  `Path parameter "${name}" must be a UUID string (interface document, section 2): ` +
  'give it schema type: string, format: uuid.';

describe(ruleId, () => {
  it('reports a bare id, non-uuid schemas and an identifier named differently in another path', async () => {
    expect(await lintFixture(RULE, 'bad.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/paths/~1v1~1users~1{id}/get/parameters/0/name',
        message:
          'Path parameter "id" must be named for what it identifies, in camelCase ending in Id ' +
          '(e.g. paymentRequestId, not id): rename it here and in the path template.',
      },
      { ruleId, pointer: '#/paths/~1v1~1users~1{id}/get/parameters/0/schema', message: notUuid('id') },
      {
        ruleId,
        pointer: '#/paths/~1v1~1admin~1users~1{memberId}/get/parameters/0/schema',
        message: notUuid('memberId'),
      },
      // A shared component used by two operations: reported once, where it is defined.
      { ruleId, pointer: '#/components/parameters/PayerId', message: notUuid('payerId') },
      {
        ruleId,
        pointer: '#/paths/~1v1~1users~1{id}',
        message:
          '/v1/users/{id} names the identifier after "users/" {id}, ' +
          'while /v1/users/{userId}/role names it {userId}: use {userId} in every path.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1admin~1users~1{memberId}',
        message:
          '/v1/admin/users/{memberId} names the identifier after "users/" {memberId}, ' +
          'while /v1/users/{userId}/role names it {userId}: use {userId} in every path.',
      },
    ]);
  });

  it('is silent on uuid identifiers named <thing>Id the same way in every path', async () => {
    expect(await lintFixture(RULE, 'good.yaml')).toEqual([]);
  });
});

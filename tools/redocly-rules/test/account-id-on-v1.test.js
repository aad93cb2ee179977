import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint-fixture.js';

const RULE = 'account-id-on-v1';
const ruleId = `payments-connect/${RULE}`;

describe(ruleId, () => {
  it('reports a missing, misplaced or mistyped AccountId, and AccountId on the token', async () => {
    expect(await lintFixture(RULE, 'bad.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/paths/~1auth~1token/post/parameters/0',
        message:
          '/auth/token is outside /v1 and takes no account context (the token operation issues credentials): ' +
          'remove the AccountId parameter.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1payers~1{payerId}/get',
        message:
          'GET /v1/payers/{payerId} lacks the required header parameter AccountId: ' +
          "add it to the parameters of the path (or of the operation), with an example of each name the operation's " +
          'examples use.',
      },
      // Shared by GET and PUT at path level: one problem, not two.
      {
        ruleId,
        pointer: '#/paths/~1v1~1beneficiaries/parameters/0',
        message:
          'The AccountId parameter of /v1/beneficiaries must be a required string header named exactly AccountId: ' +
          'set in: header (found in: query); set required: true.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1rfi/get/parameters/0',
        message:
          'The AccountId parameter of /v1/rfi must be a required string header named exactly AccountId: ' +
          'rename "accountid" to "AccountId"; give it schema type: string.',
      },
    ]);
  });

  it('is silent on path-level and operation-level AccountId, a token without it, and webhooks', async () => {
    expect(await lintFixture(RULE, 'good.yaml')).toEqual([]);
  });
});

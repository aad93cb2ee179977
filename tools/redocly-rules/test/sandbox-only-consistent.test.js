import { describe, expect, it } from 'vitest';
import { lintFixture } from './lint-fixture.js';

const RULE = 'sandbox-only-consistent';
const ruleId = `payments-connect/${RULE}`;

describe(ruleId, () => {
  it('reports a mark without sandbox-only servers, sandbox-only servers unmarked, and a non-boolean mark', async () => {
    expect(await lintFixture(RULE, 'bad.yaml')).toEqual([
      {
        ruleId,
        pointer: '#/paths/~1v1~1preview-logo/put/x-sandbox-only',
        message:
          'PUT /v1/preview-logo is marked x-sandbox-only but has no operation-level servers: ' +
          'add servers listing only the sandbox server (url {sandbox_base_url}).',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1preview-logo/delete/servers',
        message:
          'DELETE /v1/preview-logo is marked x-sandbox-only but its servers also list {base_url}: ' +
          'keep only the sandbox server (url {sandbox_base_url}).',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1sandbox~1reset/put/x-sandbox-only',
        message: 'PUT /v1/sandbox/reset has x-sandbox-only: "yes": use the boolean true, or leave the extension out.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1sandbox~1reset/post/servers',
        message:
          'POST /v1/sandbox/reset is served only by the sandbox (url {sandbox_base_url}) but is not marked: ' +
          'add x-sandbox-only: true so that tools can tell.',
      },
      {
        ruleId,
        pointer: '#/paths/~1v1~1sandbox~1seed/servers',
        message:
          'POST /v1/sandbox/seed is served only by the sandbox (url {sandbox_base_url}) but is not marked: ' +
          'add x-sandbox-only: true so that tools can tell.',
      },
    ]);
  });

  it('is silent on a marked sandbox-only operation and on operations served everywhere', async () => {
    expect(await lintFixture(RULE, 'good.yaml')).toEqual([]);
  });
});

// rfi-inbox.test.ts
import { createPaymentsConnectClient } from '@payments-connect/client';
import type { Tenant } from '@payments-connect/emulator';
import { useTenant } from '@payments-connect/emulator/vitest';
import { expect, it } from 'vitest';

// Accounts, cases and users of this file's own, deleted after its tests: no reset, and no other test file in the way.
const { emulator, tenant } = await useTenant();

// Your service, pointed at a tenant as it would be at the sandbox: the URL, its credentials, its account.
async function unansweredQuestions(tenant: Tenant): Promise<number> {
  const client = createPaymentsConnectClient({
    baseUrl: emulator.url,
    ...tenant.credentials,
    accountId: tenant.accounts.primary.accountId,
    retry: false,
  });
  const { data: list } = await client.GET('/v1/rfi');
  let count = 0;
  for (const { rfiId } of list?.items ?? []) {
    const { data, response } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    if (!data) throw new Error(`case ${rfiId}: ${response.status}`);
    count += (data.questions ?? []).filter((question) => question.answer === undefined).length;
  }
  return count;
}

it('reads each open case once', async () => {
  expect(await unansweredQuestions(tenant)).toBe(2);
  const reads = await emulator.requests({ operationId: 'getRfiCase', accountId: tenant.accounts.primary.accountId });
  expect(reads.map((read) => [read.target, read.status])).toEqual([[`/v1/rfi/${tenant.fixtures.openRfiId}`, 200]]);
});

it('says which case it could not read', async () => {
  await emulator.injectFault({
    operationId: 'getRfiCase',
    status: 500,
    accountId: tenant.accounts.primary.accountId, // this file's calls only
    pathParams: { rfiId: tenant.fixtures.openRfiId }, // and only for this case
  });
  await expect(unansweredQuestions(tenant)).rejects.toThrow(`case ${tenant.fixtures.openRfiId}: 500`);
  expect(await emulator.faults({ accountId: tenant.accounts.primary.accountId })).toEqual([]); // used up
});

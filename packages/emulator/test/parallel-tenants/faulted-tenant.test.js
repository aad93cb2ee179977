// Issue 25: one of two test files that run at the same time against one emulator (the README's globalSetup), each in
// its own tenant. This one scopes a fault to its account and one case, and holds it until the other file
// (calls-beside-a-fault.test.js) has made its calls of the same operation: they all succeed, and the fault has
// answered this file's calls only. Each file waits for the other, so the pair passes only when vitest runs them at
// once, in two workers.
import { expect, it } from 'vitest';
import { useTenant } from '../../src/vitest-setup.js';
import { callAsTenant } from '../support/call-as-tenant.js';
import { waitUntil } from '../support/wait-until.js';
import { CALLS_BESIDE_THE_FAULT, FAULT_TIMES, FAULTED_OPERATION } from './parallel-files.js';

const { emulator, tenant } = await useTenant();

it("answers this tenant's calls of one case with its fault, and none of the other file's calls", async () => {
  const accountId = tenant.accounts.primary.accountId;
  const { openRfiId, closedRfiId } = tenant.fixtures;
  const call = callAsTenant(emulator.url, tenant);
  const readCase = async (/** @type {string} */ rfiId) => (await call('GET', `/v1/rfi/${rfiId}`)).status;
  const fault = await emulator.injectFault({
    operationId: FAULTED_OPERATION,
    status: 500,
    times: FAULT_TIMES,
    accountId,
    pathParams: { rfiId: openRfiId },
  });
  expect([await readCase(openRfiId), await readCase(closedRfiId)]).toEqual([500, 200]);

  const ours = new Set(Object.values(tenant.accounts).map((account) => account.accountId));
  const theirs = await waitUntil(
    'calls-beside-a-fault.test.js calling while the fault is pending (are the files run at once?)',
    async () => {
      const reads = await emulator.requests({ operationId: FAULTED_OPERATION, status: 200 });
      const others = reads.filter((read) => read.accountId !== null && !ours.has(read.accountId));
      return others.length >= CALLS_BESIDE_THE_FAULT ? others : undefined;
    },
  );
  expect(theirs.length).toBe(CALLS_BESIDE_THE_FAULT);
  // Still pending, used by this file's one call only: none of the other file's calls took it.
  expect(await emulator.faults()).toEqual([{ ...fault, times: FAULT_TIMES - 1 }]);
  await emulator.clearFaults({ accountId });
  expect(await emulator.faults()).toEqual([]);
});

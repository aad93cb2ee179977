// Issue 25: the other of the two test files that run at the same time against one emulator (see
// faulted-tenant.test.js). In its own tenant, it waits until the other file's fault is pending, then calls the same
// operation: every call succeeds, also the one naming the faulted case (another tenant's case: 404, not the fault).
// It ends once the other file has checked its calls: deleting its tenant takes them out of the journal.
import { expect, it } from 'vitest';
import { useTenant } from '../../src/vitest-setup.js';
import { callAsTenant } from '../support/call-as-tenant.js';
import { waitUntil } from '../support/wait-until.js';
import { CALLS_BESIDE_THE_FAULT, FAULTED_OPERATION } from './parallel-files.js';

const { emulator, tenant } = await useTenant();

it("calls the operation the other file's fault is on, and every call gets the tenant's own answer", async () => {
  const fault = await waitUntil("faulted-tenant.test.js's fault (are the files run at once?)", async () =>
    (await emulator.faults()).find((pending) => pending.operationId === FAULTED_OPERATION),
  );
  expect(fault.accountId).not.toBe(tenant.accounts.primary.accountId);

  const call = callAsTenant(emulator.url, tenant);
  const read = async (/** @type {string} */ rfiId) => (await call('GET', `/v1/rfi/${rfiId}`)).status;
  // The faulted case itself, from this tenant's account: not found here, and the fault does not answer it.
  expect(await read(fault.pathParams.rfiId ?? '')).toBe(404);
  const statuses = [];
  for (let made = 0; made < CALLS_BESIDE_THE_FAULT; made += 1) statuses.push(await read(tenant.fixtures.openRfiId));
  expect(statuses).toEqual(Array(CALLS_BESIDE_THE_FAULT).fill(200));
  // Its tenant, and with it its requests in the journal, stays until the other file has seen them: it clears its
  // fault once it has.
  await waitUntil("faulted-tenant.test.js's checks of this file's calls (are the files run at once?)", async () =>
    (await emulator.faults()).some((pending) => pending.operationId === FAULTED_OPERATION) ? undefined : true,
  );
});

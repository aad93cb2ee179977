// Issue 32: one of two test files that run at the same time against one emulator, each in a tenant of its own (the
// other: keeps-its-world.test.js). This one moves its world: its clock past its token's lifetime, then back with a
// snapshot of its tenant taken before; the other file's token, records, events and requests stay as they were. Each
// waits for the other, so the pair passes only when vitest runs them at once, in two workers.
import { expect, it } from 'vitest';
import { useTenant } from '../../src/vitest-setup.js';
import { callAsTenant } from '../support/call-as-tenant.js';
import { waitUntil } from '../support/wait-until.js';
import { READS_AFTER, SIGNAL_OPERATION } from './signals.js';

const { emulator, tenant } = await useTenant();

it("moves its tenant's clock and restores its tenant's snapshot while the other file works in its own", async () => {
  const accountIds = Object.values(tenant.accounts).map((account) => account.accountId);
  const call = callAsTenant(emulator.url, tenant);
  const openCase = `/v1/rfi/${tenant.fixtures.openRfiId}`;
  expect((await call('GET', openCase)).status).toBe(200);
  await waitUntil('keeps-its-world.test.js answering in its tenant (are the files run at once?)', async () => {
    const answers = await emulator.requests({ operationId: 'answerRfiQuestion', status: 200 });
    return answers.find((entry) => entry.accountId !== null && !accountIds.includes(entry.accountId));
  });

  const snapshot = await emulator.tenantState(tenant.tenantId);
  await emulator.closeRfiCase(tenant.fixtures.openRfiId);
  await emulator.advanceTenantClock(tenant.tenantId, 3660);
  expect((await call('GET', openCase)).status).toBe(401);
  await emulator.restoreTenantState(tenant.tenantId, snapshot);
  const restored = await call('GET', openCase);
  expect([restored.status, restored.body.status]).toEqual([200, 'OPEN']);

  // Done: a fault scoped to this tenant tells the other file so; it answers no call of the other's.
  const since = new Date().toISOString();
  const { accountId } = tenant.accounts.primary;
  await emulator.injectFault({ operationId: SIGNAL_OPERATION, status: 500, times: 1000, accountId });
  await waitUntil(
    'keeps-its-world.test.js checking its world after this one moved (are the files run at once?)',
    async () => {
      const reads = await emulator.requests({ operationId: 'getRfiCase', status: 200, since });
      const theirs = reads.filter((entry) => entry.accountId !== null && !accountIds.includes(entry.accountId));
      return theirs.length >= READS_AFTER ? theirs : undefined;
    },
  );
  const mine = await emulator.requests({ tenantId: tenant.tenantId });
  expect(mine.every((entry) => entry.accountId === null || accountIds.includes(entry.accountId))).toBe(true);
  await emulator.clearFaults({ tenantId: tenant.tenantId });
});

// Issue 32: the other of the two test files that run at the same time against one emulator (see
// moves-its-world.test.js). In its own tenant, with a webhook receiver of its own, it answers a question, waits until
// the other file has moved its clock and restored its snapshot, and finds its world as it left it. It ends once the
// other file has seen its reads: deleting its tenant takes them out of the journal.
import { afterAll, expect, it } from 'vitest';
import { useTenant } from '../../src/vitest-setup.js';
import { callAsTenant } from '../support/call-as-tenant.js';
import { waitUntil } from '../support/wait-until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { READS_AFTER, SIGNAL_OPERATION } from './signals.js';

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());
const { emulator, tenant } = await useTenant({ webhookUrl: receiver.url });

it('keeps its token, records, events and requests while the other file moves its world', async () => {
  const accountIds = Object.values(tenant.accounts).map((account) => account.accountId);
  const call = callAsTenant(emulator.url, tenant);
  const { openRfiId, openQuestionId } = tenant.fixtures;
  const answer = 'Answered before the other file moved its world';
  expect((await call('PUT', `/v1/rfi/${openRfiId}/questions/${openQuestionId}/answer`, { answer })).status).toBe(200);
  await waitUntil("moves-its-world.test.js's signal (are the files run at once?)", async () =>
    (await emulator.faults()).find(
      (fault) => fault.operationId === SIGNAL_OPERATION && !accountIds.includes(`${fault.accountId}`),
    ),
  );

  // Its token (taken before the other file moved its clock an hour on) still reaches its case, answered as it was.
  const read = await call('GET', `/v1/rfi/${openRfiId}`);
  expect([read.status, read.body.questions[0].answer]).toEqual([200, answer]);
  expect((await emulator.tenantClock(tenant.tenantId)).advancedSeconds).toBe(0);
  expect((await emulator.tenant(tenant.tenantId)).tenantId).toBe(tenant.tenantId);
  await emulator.settleEvents();
  expect(receiver.received.map(({ body }) => [body.type, body.accountId])).toEqual([
    ['v1.rfi.case.answered', tenant.accounts.primary.accountId],
  ]);
  const mine = await emulator.requests({ tenantId: tenant.tenantId });
  expect(mine.map((entry) => entry.operationId)).toEqual(['createAccessToken', 'answerRfiQuestion', 'getRfiCase']);
  expect(JSON.parse(mine[0]?.requestBody ?? '{}').clientId).toBe(tenant.credentials.clientId);

  // Checked: the other file may end, once it sees these reads.
  for (let made = 0; made < READS_AFTER; made += 1)
    expect((await call('GET', `/v1/rfi/${openRfiId}`)).status).toBe(200);
  // Its tenant, and with it its requests in the journal, stays until the other file has seen them (useTenant deletes
  // it when this file ends): the other clears its signal once it has.
  await waitUntil("moves-its-world.test.js's checks of this file's reads (are the files run at once?)", async () =>
    (await emulator.faults()).some((fault) => fault.operationId === SIGNAL_OPERATION) ? undefined : true,
  );
});

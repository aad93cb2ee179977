import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY_TIMEOUT_MS } from '../src/defaults.js';
import { EVENT_DESIGNED_BY, startEmulator } from '../src/index.js';
import { filePart } from './support/use-emulator.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

/** @type {Awaited<ReturnType<typeof startWebhookReceiver>>} */
let receiver;
/** @type {import('../src/index.js').Emulator} */
let emulator;
/** @type {string} */
let token;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startEmulator({ webhookUrl: receiver.url });
  const response = await fetch(`${emulator.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(emulator.credentials),
  });
  token = (await response.json()).access_token;
});
beforeEach(() => {
  emulator.control.reset();
  receiver.received.length = 0;
});
afterAll(async () => {
  await emulator.stop();
  await receiver.close();
  expect(emulator.violations).toEqual([]);
});

/**
 * @param {string} path
 * @param {{ json?: unknown, form?: FormData, accountId?: string }} input
 */
async function put(path, { json, form, accountId = emulator.accounts.primary.accountId }) {
  /** @type {Record<string, string>} */
  const headers = { authorization: `Bearer ${token}`, AccountId: accountId };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${emulator.url}${path}`, {
    method: 'PUT',
    headers,
    body: form ?? JSON.stringify(json),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Waits for deliveries in flight, then returns what the receiver got. */
async function delivered() {
  await emulator.control.settleEvents();
  return receiver.received;
}

describe('RFI events delivered to the webhook URL', () => {
  it('an answer delivers v1.rfi.case.answered as a JSON POST, marked as the emulator design', async () => {
    const f = emulator.fixtures;
    expect(
      await put(`/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, { json: { answer: 'Consulting' } }),
    ).toBe(200);
    const [delivery] = await delivered();
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.headers['x-payments-connect-event']).toBe('v1.rfi.case.answered');
    expect(delivery?.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'v1.rfi.case.answered',
      createdAt: expect.any(String),
      accountId: emulator.accounts.primary.accountId,
      designedBy: EVENT_DESIGNED_BY,
      data: { rfiId: f.openRfiId, status: 'OPEN', questionIds: [f.openQuestionId] },
    });
  });

  it('an attach delivers v1.rfi.document.attached; bulk responses deliver one v1.rfi.case.answered', async () => {
    const f = emulator.fixtures;
    await put(`/v1/rfi/${f.openRfiId}/document-requests/${f.openDocumentRequestId}/document`, {
      form: filePart('document', 'pdf'),
    });
    await put(`/v1/rfi/${f.openRfiId}/responses`, {
      json: {
        answers: [
          { questionId: f.openQuestionId, answer: 'a' },
          { questionId: f.secondOpenQuestionId, answer: 'b' },
        ],
      },
    });
    const got = await delivered();
    expect(got.map((d) => d.body.type)).toEqual(['v1.rfi.document.attached', 'v1.rfi.case.answered']);
    expect(got[0]?.body.data).toMatchObject({ documentRequestId: f.openDocumentRequestId, document: { size: 3 } });
    expect(got[1]?.body.data.questionIds).toEqual([f.openQuestionId, f.secondOpenQuestionId]);
  });

  it('creating an open case and approving an item deliver case events', async () => {
    const created = emulator.control.createRfiCase({ questions: 1, documentRequests: 1 });
    emulator.control.approveDocumentRequest(created.rfiId, created.documentRequests[0]?.documentRequestId ?? '');
    const got = await delivered();
    expect(got.map((d) => d.body.type)).toEqual(['v1.rfi.case.created', 'v1.rfi.case.item_approved']);
    expect(got[1]?.body.data).toMatchObject({ rfiId: created.rfiId, itemType: 'documentRequest' });
  });

  it('never fires for a terminal case: not on close, cancel, refused writes or a case created terminal', async () => {
    const f = emulator.fixtures;
    const open = emulator.control.createRfiCase();
    await delivered();
    emulator.control.clearEvents();
    receiver.received.length = 0;

    emulator.control.closeRfiCase(f.openRfiId);
    emulator.control.cancelRfiCase(open.rfiId);
    expect(await put(`/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, { json: { answer: 'x' } })).toBe(
      409,
    );
    expect(
      await put(`/v1/rfi/${f.closedRfiId}/document-requests/${f.closedDocumentRequestId}/document`, {
        form: filePart('document'),
      }),
    ).toBe(409);
    const createdTerminal = emulator.control.createRfiCase({ status: 'CANCELLED' });
    expect(() =>
      emulator.control.approveQuestion(createdTerminal.rfiId, createdTerminal.questions[0]?.questionId ?? ''),
    ).toThrow('a terminal case does not change');
    expect(await delivered()).toEqual([]);
    expect(emulator.control.events()).toEqual([]);
  });

  it('refused writes (409, 400, 404) deliver nothing', async () => {
    const f = emulator.fixtures;
    await put(`/v1/rfi/${f.openRfiId}/questions/${f.approvedQuestionId}/answer`, { json: { answer: 'x' } });
    await put(`/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, { json: { answer: '' } });
    await put(`/v1/rfi/${f.otherAccountRfiId}/questions/${f.otherAccountQuestionId}/answer`, { json: { answer: 'x' } });
    expect(await delivered()).toEqual([]);
  });

  it('records each event with its delivery state, readable through the control API', async () => {
    const f = emulator.fixtures;
    await put(`/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, { json: { answer: 'x' } });
    const response = await fetch(`${emulator.url}/_emulator/events`);
    const { items } = await response.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      event: { type: 'v1.rfi.case.answered' },
      delivery: { state: 'delivered', httpStatus: 204 },
    });
  });

  it('GET /v1/webhooks shows the configured URL', async () => {
    const response = await fetch(`${emulator.url}/v1/webhooks`, {
      headers: { authorization: `Bearer ${token}`, AccountId: emulator.accounts.primary.accountId },
    });
    const body = await response.json();
    expect(body.items).toEqual([
      { webhookId: expect.any(String), url: receiver.url, eventTypes: ['v1.rfi.case.*', 'v1.rfi.document.*'] },
    ]);
  });
});

describe('delivery failures', () => {
  it('records why each failed, without retrying: the status answered, a refused connection, no answer', async () => {
    const failing = await startWebhookReceiver({ status: 500 });
    const gone = await startWebhookReceiver();
    await gone.close();
    const silent = await startWebhookReceiver({ silent: true });
    const goneAddress = new URL(gone.url).host;
    for (const [target, expected] of [
      [failing.url, { state: 'failed', httpStatus: 500, error: 'answered 500 Internal Server Error' }],
      [
        gone.url,
        { state: 'failed', error: `connection refused: nothing listens there (connect ECONNREFUSED ${goneAddress})` },
      ],
      [silent.url, { state: 'failed', error: `timed out: no answer within ${WEBHOOK_DELIVERY_TIMEOUT_MS} ms` }],
    ]) {
      const local = await startEmulator({ webhookUrl: /** @type {string} */ (target) });
      local.control.createRfiCase();
      await local.control.settleEvents();
      expect(local.control.events().map((r) => r.delivery)).toEqual([expected]);
      await local.stop();
    }
    expect(failing.received).toHaveLength(1);
    expect(silent.received).toHaveLength(1);
    await Promise.all([failing.close(), silent.close()]);
  });

  it('without a webhook URL, events are recorded as not-configured', async () => {
    const local = await startEmulator();
    local.control.createRfiCase();
    expect(local.control.events().map((r) => r.delivery.state)).toEqual(['not-configured']);
    await local.stop();
  });
});

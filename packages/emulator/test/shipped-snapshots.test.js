// The snapshots the package ships (snapshots/*.json): each loads into an emulator and shows its situation through
// the API, each is marked as made by scripts/make-snapshots.js (whose --check, in pnpm check, proves each is what it
// makes today), and the reference and the package's files list them all.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadContract } from '@payments-connect/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { REFRESH } from '../scripts/make-snapshots.js';
import { HOSTED_SESSION_WINDOW_SECONDS, SEED_IDS, SHIPPED_SNAPSHOTS, startEmulator } from '../src/index.js';

/** @typedef {keyof typeof SHIPPED_SNAPSHOTS} SnapshotName */

const REFERENCE = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
const FILES = readdirSync(new URL('../snapshots/', import.meta.url)).sort();
const NAMES = /** @type {SnapshotName[]} */ (Object.keys(SHIPPED_SNAPSHOTS));

/** @type {import('../src/index.js').Emulator[]} */
const started = [];
afterAll(async () => {
  await Promise.all(started.map((emulator) => emulator.stop()));
  for (const emulator of started) expect(emulator.violations).toEqual([]);
});

/**
 * An emulator started from a shipped snapshot, and a caller of its API as the primary account.
 * @param {SnapshotName} name
 */
async function startFrom(name) {
  const emulator = await startEmulator({ strict: true, state: SHIPPED_SNAPSHOTS[name].file }).catch((error) => {
    // A spec change the snapshots do not follow yet: the files are made, never edited.
    throw new Error(`${error.message} (stale? ${REFRESH})`, { cause: error });
  });
  started.push(emulator);
  const { access_token: token } = await (
    await fetch(`${emulator.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(emulator.credentials),
    })
  ).json();
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [json]
   * @returns {Promise<{ status: number, body: any }>}
   */
  const call = async (method, path, json) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        AccountId: emulator.accounts.primary.accountId,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { emulator, call };
}

const openCase = `/v1/rfi/${SEED_IDS.openRfiId}`;
const answer = (/** @type {string} */ questionId) => `${openCase}/questions/${questionId}/answer`;

describe('the shipped snapshots', () => {
  it('are the files of snapshots/, every one of them, and the package publishes them', () => {
    expect(FILES).toEqual(NAMES.map((name) => basename(SHIPPED_SNAPSHOTS[name].file)).sort());
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.files).toContain('snapshots');
    expect(manifest.exports['./snapshots/*']).toBe('./snapshots/*');
  });

  it("are what the reference's list of snapshots names, each with what it shows", () => {
    const section = REFERENCE.slice(REFERENCE.indexOf('### Shipped snapshots'), REFERENCE.indexOf('## Options of'));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.split('|')[1]?.trim())).toEqual(
      NAMES.map((name) => `\`${name}\`: \`snapshots/${basename(SHIPPED_SNAPSHOTS[name].file)}\``),
    );
  });

  it('questionsAnswered: the open case, every question answered, still open', async () => {
    const { call } = await startFrom('questionsAnswered');
    const { status, body } = await call('GET', openCase);
    expect(status).toBe(200);
    expect(body.status).toBe('OPEN');
    expect(body.questions.map((/** @type {any} */ q) => typeof q.answer)).toEqual(['string', 'string', 'string']);
    expect((await call('GET', '/v1/rfi')).body.items.map((/** @type {any} */ c) => c.rfiId)).toContain(
      SEED_IDS.openRfiId,
    );
  });

  it('caseClosedAfterAnswers: closed with its answers, refusing writes, listed only with terminal ones', async () => {
    const { call } = await startFrom('caseClosedAfterAnswers');
    const { body } = await call('GET', openCase);
    expect(body.status).toBe('CLOSED');
    expect(body.questions.every((/** @type {any} */ q) => typeof q.answer === 'string')).toBe(true);
    const write = await call('PUT', answer(SEED_IDS.secondOpenQuestionId), { answer: 'Another' });
    expect(write.status).toBe(409);
    expect(write.body.message).toMatch(/^RFI_NOT_OPEN: /);
    const listed = async (/** @type {string} */ query) =>
      (await call('GET', `/v1/rfi${query}`)).body.items.map((/** @type {any} */ c) => c.rfiId);
    expect(await listed('')).not.toContain(SEED_IDS.openRfiId);
    expect(await listed('?includeTerminal=true')).toContain(SEED_IDS.openRfiId);
  });

  it('itemApproved: the question answered and locked, its approval an event', async () => {
    const { emulator, call } = await startFrom('itemApproved');
    const { body } = await call('GET', openCase);
    expect(body.questions[0]).toMatchObject({ questionId: SEED_IDS.openQuestionId, approved: true });
    expect(typeof body.questions[0].answer).toBe('string');
    const write = await call('PUT', answer(SEED_IDS.openQuestionId), { answer: 'Another' });
    expect(write.status).toBe(409);
    expect(write.body.message).toContain('RFI_ITEM_ALREADY_APPROVED');
    expect((await call('PUT', answer(SEED_IDS.secondOpenQuestionId), { answer: 'Open still' })).status).toBe(200);
    const types = (await emulator.control.state()).events.map((record) => record.event.type);
    expect(types).toEqual(['v1.rfi.case.answered', 'v1.rfi.case.item_approved', 'v1.rfi.case.answered']);
  });

  it('sessionRefreshed: a new session token, an hour from when it was refreshed, and it refreshes again', async () => {
    const { emulator, call } = await startFrom('sessionRefreshed');
    const snapshot = JSON.parse(readFileSync(SHIPPED_SNAPSHOTS.sessionRefreshed.file, 'utf8'));
    const state = await emulator.control.state();
    const hosted = state.records.paymentRequests.find(
      (entry) => entry.record.paymentRequestId === SEED_IDS.hostedPaymentRequestId,
    )?.record;
    expect(hosted?.status).toBe('UNPAID');
    expect(hosted?.sessionToken).toMatch(/^hps_[0-9a-f]{32}$/);
    // The seed's token is the spec example's.
    const seeded = loadContract().responseExample('refreshPaymentRequestSession', 'hostedUnpaid').sessionToken;
    expect(hosted?.sessionToken).not.toBe(seeded);
    expect(Date.parse(String(hosted?.sessionExpiresAt)) - Date.parse(snapshot.header.takenAt)).toBe(
      HOSTED_SESSION_WINDOW_SECONDS * 1000,
    );
    const again = await call(
      'PUT',
      `/v1/collections/payment-requests/${SEED_IDS.hostedPaymentRequestId}/refresh-session`,
    );
    expect(again.status).toBe(200);
    expect(again.body.sessionToken).not.toBe(hosted?.sessionToken);
  });

  it.each(NAMES)('%s is marked as made by scripts/make-snapshots.js (pnpm check proves it current)', (name) => {
    const shipped = JSON.parse(readFileSync(SHIPPED_SNAPSHOTS[name].file, 'utf8'));
    expect(shipped.header.note).toBe(`GENERATED FILE (scripts/make-snapshots.js): ${SHIPPED_SNAPSHOTS[name].shows}`);
  });
});

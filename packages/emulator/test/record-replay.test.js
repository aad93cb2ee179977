// The emulator standing in for the sandbox, recorded through the mock's proxy and replayed by the mock once the
// emulator is gone, over real HTTP on 127.0.0.1: what a team does that records the sandbox once and replays it in CI.
// The replay gives the same requests the same statuses and bodies in the same order, the write's effect included; the
// file holds no credential; a recording edited to break the contract is refused when the mock starts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

const CREDENTIALS = { clientId: 'billing-service', clientSecret: 'billing-secret-4a7c2e91' };

/**
 * The session of a service: a token, the open cases, one case, an answer to one of its questions, the case again.
 * @param {string} url
 * @param {{ accountId: string, rfiId: string, questionId: string }} ids
 * @returns {Promise<{ token: string, steps: Array<{ status: number, body: unknown, recording: string | null }> }>}
 */
async function session(url, { accountId, rfiId, questionId }) {
  const issued = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  });
  const tokenBody = await issued.json();
  const headers = { authorization: `Bearer ${tokenBody.access_token}`, accountid: accountId };
  const calls = [
    ['GET', '/v1/rfi'],
    ['GET', `/v1/rfi/${rfiId}`],
    ['PUT', `/v1/rfi/${rfiId}/questions/${questionId}/answer`, { answer: 'Our supplier in Lyon' }],
    ['GET', `/v1/rfi/${rfiId}`],
  ];
  const steps = [{ status: issued.status, body: tokenBody, recording: issued.headers.get('served-recording') }];
  for (const [method, path, body] of calls) {
    const answer = await fetch(`${url}${path}`, {
      method: String(method),
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    steps.push({ status: answer.status, body: await answer.json(), recording: answer.headers.get('served-recording') });
  }
  return { token: tokenBody.access_token, steps };
}

let dir = '';
let file = '';
/** @type {Awaited<ReturnType<typeof session>>} */
let recorded;
/** @type {{ accountId: string, rfiId: string, questionId: string }} */
let ids;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-record-'));
  file = join(dir, 'sandbox.jsonl');
  const sandbox = await startEmulator({ credentials: CREDENTIALS });
  try {
    const proxy = await startMock({ proxy: sandbox.url, record: file });
    ids = {
      accountId: sandbox.accounts.primary.accountId,
      rfiId: sandbox.fixtures.openRfiId,
      questionId: sandbox.fixtures.openQuestionId,
    };
    recorded = await session(proxy.url, ids).finally(() => proxy.stop());
  } finally {
    await sandbox.stop();
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the emulator recorded through the mock, replayed by the mock', () => {
  it('gives the same requests the same statuses and bodies in order, with no emulator running', async () => {
    const mock = await startMock({ replay: file });
    try {
      const replayed = await session(mock.url, ids);
      expect(replayed.steps.map((step) => step.status)).toEqual([200, 200, 200, 200, 200]);
      expect(replayed.steps.map((step) => step.status)).toEqual(recorded.steps.map((step) => step.status));
      // The token was never written: the replayed exchange answers one of the mock's, which the mock then accepts.
      const { access_token: _, ...tokenTerms } = /** @type {Record<string, unknown>} */ (recorded.steps[0]?.body ?? {});
      expect(replayed.steps[0]?.body).toEqual({ ...tokenTerms, access_token: replayed.token });
      expect(replayed.steps.slice(1).map((step) => step.body)).toEqual(
        recorded.steps.slice(1).map((step) => step.body),
      );
      // The case read before and after the answer: the recording keeps the write's effect, in order.
      const question = (/** @type {number} */ step) => {
        const body = /** @type {{ questions: Array<{ questionId: string, answer?: string }> }} */ (
          replayed.steps[step]?.body
        );
        return body.questions.find((q) => q.questionId === ids.questionId);
      };
      expect([question(2)?.answer, question(4)?.answer]).toEqual([undefined, 'Our supplier in Lyon']);
      expect(replayed.steps.map((step) => step.recording)).toEqual([1, 2, 3, 4, 5].map((n) => `sandbox.jsonl:${n}`));
      // The journal names the recorded line each answer came from.
      expect(mock.requests().map((entry) => entry.replayed)).toEqual([1, 2, 3, 4, 5].map((line) => ({ file, line })));
    } finally {
      await mock.stop();
    }
  });

  it('holds no credential: not the client secret, not the token the emulator issued', async () => {
    const text = await readFile(file, 'utf8');
    expect(recorded.token).toMatch(/^pce_/);
    expect(text).not.toContain(recorded.token);
    expect(text).not.toMatch(/pce_/); // no token of the emulator's at all
    expect(text).not.toContain(CREDENTIALS.clientSecret);
    expect(text.toLowerCase()).not.toContain('authorization');
  });

  it('is refused at start once edited to break the contract, naming the line and the operation', async () => {
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const read = JSON.parse(lines[2] ?? '');
    delete read.body.rfiId;
    lines[2] = JSON.stringify(read);
    const edited = join(dir, 'edited.jsonl');
    await writeFile(edited, `${lines.join('\n')}\n`);
    const refused = await startMock({ replay: edited }).catch((/** @type {Error} */ error) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect(String(/** @type {Error} */ (refused).message)).toBe(
      `${edited}:3: getRfiCase: answer 200: body must have required property 'rfiId'; the contract changed since ` +
        'it was recorded: record it again',
    );
  });
});

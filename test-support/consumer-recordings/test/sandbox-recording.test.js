// A consumer's recording of the sandbox: the mock, as a recording proxy on 127.0.0.1 (`record`, what `--proxy URL
// --record FILE` does) in front of the emulator standing in for the sandbox, records a service's calls, and the gate
// reads that file as one consumer and names it for the changes of a revision of the bundled spec that break what it
// sent or received, and for no other. The token exchange is read without its credentials, and judged by no change.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundledDocument } from '@payments-connect/contract';
import { startEmulator } from '@payments-connect/emulator';
import { startMock } from '@payments-connect/mock';
import { compareSpecs } from '@payments-connect/release-tools/compare-specs';
import { assessConsumerImpact } from '@payments-connect/release-tools/consumer-impact';
import { readConsumerRecordings } from '@payments-connect/release-tools/consumer-recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'billing-secret-never-written';

let dir = '';
let rfiId = '';
let questionId = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'consumer-recording-'));
  await mkdir(join(dir, 'recordings'));
  const sandbox = await startEmulator({ credentials: { clientId: 'billing', clientSecret: SECRET } });
  const proxy = await startMock({ proxy: sandbox.url, record: join(dir, 'recordings/billing-service.jsonl') });
  try {
    rfiId = sandbox.fixtures.openRfiId;
    questionId = sandbox.fixtures.openQuestionId;
    const token = await fetch(`${proxy.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sandbox.credentials),
    }).then((answer) => answer.json());
    const headers = { authorization: `Bearer ${token.access_token}`, accountid: sandbox.accounts.primary.accountId };
    const answered = await fetch(`${proxy.url}/v1/rfi/${rfiId}/questions/${questionId}/answer`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'Our supplier' }),
    });
    await answered.arrayBuffer();
    expect(answered.status).toBe(200);
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a recording the mock wrote, judged by the gate', () => {
  it('is read as one consumer, the token exchange without its credentials', async () => {
    expect(await readFile(join(dir, 'recordings/billing-service.jsonl'), 'utf8')).not.toContain(SECRET);
    const { consumers, problems } = await readConsumerRecordings(join(dir, 'recordings'));
    expect(problems).toEqual([]);
    expect(consumers.map((consumer) => consumer.name)).toEqual(['billing-service']);
    const [token, answer] = consumers[0]?.exchanges.map((entry) => entry.exchange) ?? [];
    expect(token).toMatchObject({
      method: 'POST',
      target: '/auth/token',
      operationId: 'createAccessToken',
      status: 200,
      // A body a credential was withheld from is not whole: what it holds is not judged.
      requestBody: { text: '{"clientId":"billing"}', complete: false },
      answerBody: { complete: false, mediaType: 'application/json' },
    });
    expect(answer).toMatchObject({
      method: 'PUT',
      target: `/v1/rfi/${rfiId}/questions/${questionId}/answer`,
      requestBody: { text: '{"answer":"Our supplier"}', complete: true },
      answerHeaders: {
        values: { 'content-type': 'application/json' },
        known: ['content-type', 'location', 'retry-after'],
      },
      answered: true,
    });
  });

  it('names the consumer for the changes what it sent and received touches, and for no other', async () => {
    const before = loadBundledDocument();
    const after = structuredClone(before);
    after.components.schemas.RfiAnswerRequest.properties.answer.maxLength = 5; // it sent a longer answer
    delete after.components.schemas.RfiQuestion.properties.text; // it received the question's text
    delete after.paths['/v1/account/business-profile']; // it never calls this
    const changes = compareSpecs(before, after);
    const recordings = await readConsumerRecordings(join(dir, 'recordings'));
    const impact = await assessConsumerImpact({ before, after, changes, ...recordings });
    const byLocation = Object.fromEntries(impact.changes.map((c) => [c.change.location, c.breaks]));
    const billing = (/** @type {string} */ why) => [
      { consumer: 'billing-service', exchanges: 1, example: expect.objectContaining({ line: 2, why }) },
    ];
    expect(byLocation['schema RfiAnswerRequest (consumer sends) > answer > maxLength']).toEqual(
      billing('request breaks the new spec: body/answer must NOT have more than 5 characters'),
    );
    expect(byLocation['schema RfiQuestion (consumer receives) > text']).toEqual(
      billing('receives answer field text: the new spec takes it away'),
    );
    expect(byLocation['GET /v1/account/business-profile']).toEqual([]);
    expect(impact.unexplained).toEqual([]);
    expect(impact.outside).toEqual([]);
  });
});

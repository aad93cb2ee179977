// Recording through the validating proxy and replaying the recording, in process over real HTTP on 127.0.0.1: what is
// written and what is left out (and why), that no credential is written, the order answers are replayed in, what a
// request with no recording gets, and the recordings refused at start because the contract no longer takes them.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '@payments-connect/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMock, RecordingError, startMock } from '../src/index.js';

/** A case that keeps the contract: the spec's own example, polled as the upstream moves it on. */
const OPEN_CASE = loadContract().responseExample('getRfiCase', 'openCase');
const RFI = OPEN_CASE.rfiId;
/** A case the upstream answers with the bearer token in it. */
const ECHO = '9c4e2a1b-7d3f-4b6e-a8c5-0f1e2d3c4b5a';
/** A case whose request the upstream breaks off, unanswered. */
const BROKEN_OFF = '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f6a7b8c';
const SECRET = 'client-secret-never-written';
const TOKEN = 'upstream-token-never-written';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };

/** @param {string} status */
const rfiCase = (status) => ({ ...OPEN_CASE, status });

let dir = '';
let file = '';
/** @type {import('node:http').Server} */
let upstream;
/** @type {Awaited<ReturnType<typeof startMock>>['summary'] extends () => infer S ? S : never} */
let summary;
/** What the calls got through the recording proxy: status, body. */
let recorded = /** @type {Array<{ status: number, body: unknown }>} */ ([]);

/**
 * The calls of a session, each as a fetch of `url`: a token, a case polled three times (the upstream closes it after
 * the first), a list refused 429 with Retry-After.
 * @param {string} url
 */
async function session(url) {
  const token = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'billing', clientSecret: SECRET }),
  });
  const answers = [token];
  for (const path of [`/v1/rfi/${RFI}`, `/v1/rfi/${RFI}`, `/v1/rfi/${RFI}`, '/v1/rfi?includeTerminal=true'])
    answers.push(await fetch(`${url}${path}`, { headers: HEADERS }));
  return Promise.all(
    answers.map(async (answer) => ({ status: answer.status, body: await answer.json(), headers: answer.headers })),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-record-'));
  file = join(dir, 'sandbox.jsonl');
  let polls = 0;
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const json = (/** @type {number} */ status, /** @type {unknown} */ value, headers = {}) =>
        response
          .writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-1', ...headers })
          .end(JSON.stringify(value));
      if (request.url === '/auth/token')
        return json(200, { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
      if (request.url === `/v1/rfi/${RFI}`) {
        polls += 1;
        return json(200, rfiCase(polls === 1 ? 'OPEN' : 'CLOSED'));
      }
      if (request.url === '/v1/rfi?includeTerminal=true')
        return json(429, { code: 'TOO_MANY_REQUESTS', message: 'slow down' }, { 'Retry-After': '7' });
      if (request.url === '/v1/rfi') return json(418, { code: 'TEAPOT', message: 'no list today' });
      if (request.url === `/v1/rfi/${ECHO}`)
        return json(200, { ...rfiCase('OPEN'), rfiId: ECHO, questions: [{ questionId: RFI, text: TOKEN }] });
      if (request.url === `/v1/rfi/${BROKEN_OFF}`) return request.socket.destroy();
      return json(404, { code: 'NOT_FOUND', message: 'no such case' });
    });
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', () => resolve(undefined)));
  const upstreamUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`;
  const proxy = await startMock({ proxy: upstreamUrl, record: file });
  try {
    recorded = await session(proxy.url);
    // Left out: an answer that breaks the contract, a request that does, one whose answer holds the bearer token, and
    // one the upstream broke off.
    for (const path of ['/v1/rfi', '/v1/rfi/not-a-uuid', `/v1/rfi/${ECHO}`, `/v1/rfi/${BROKEN_OFF}`])
      await fetch(`${proxy.url}${path}`, { headers: HEADERS }).then((answer) => answer.arrayBuffer());
  } finally {
    await proxy.stop();
    summary = proxy.summary();
  }
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('startMock({ proxy, record })', () => {
  it('writes each exchange that kept the contract as a JSON line, and counts those it left out by reason', async () => {
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines.pop()).toBe(''); // whole lines only
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        recording: 1,
        operationId: 'createAccessToken',
        method: 'POST',
        target: '/auth/token',
        requestBody: { clientId: 'billing' },
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: { expires_in: 3600, token_type: 'Bearer' },
        withheld: ['requestBody/clientSecret', 'body/access_token'],
      },
      ...['OPEN', 'CLOSED', 'CLOSED'].map((status) => ({
        recording: 1,
        operationId: 'getRfiCase',
        method: 'GET',
        target: `/v1/rfi/${RFI}`,
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: rfiCase(status),
      })),
      {
        recording: 1,
        operationId: 'listRfiCases',
        method: 'GET',
        target: '/v1/rfi?includeTerminal=true',
        status: 429,
        // The headers a client acts on; not the upstream's request id.
        headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
        body: { code: 'TOO_MANY_REQUESTS', message: 'slow down' },
      },
    ]);
    expect(summary.recording).toEqual({
      file,
      recorded: 5,
      notRecorded: 4,
      reasons: {
        'the answer broke the contract': 1,
        'the request broke the contract': 1,
        'it holds a credential': 1,
        'the upstream failed (502, 504)': 1,
      },
    });
  });

  it('writes the line the reference shows', async () => {
    const line = (await readFile(file, 'utf8')).split('\n')[0] ?? '(none)';
    const readme = await readFile(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\n${line}\n`);
  });

  it('writes no credential: no bearer token, no client secret, no token issued', async () => {
    const text = await readFile(file, 'utf8');
    for (const credential of [TOKEN, SECRET, 'Authorization', 'authorization']) expect(text).not.toContain(credential);
  });

  it('goes with proxy only, and says when its file cannot be written, leaving no mock listening', async () => {
    await expect(startMock({ record: file })).rejects.toThrow(
      new TypeError('record goes with proxy: it records what the upstream answers'),
    );
    await expect(startMock({ proxy: 'http://127.0.0.1:9', record: '' })).rejects.toThrow(
      new TypeError('record must be the path of a file, got ""'),
    );
    const missing = join(dir, 'no-such-folder', 'sandbox.jsonl');
    const probe = await startMock();
    await probe.stop();
    await expect(startMock({ proxy: 'http://127.0.0.1:9', record: missing, port: probe.port })).rejects.toThrow(
      `cannot write the recording ${missing}: ENOENT`,
    );
    // The port it listened on is free again.
    await (await startMock({ port: probe.port })).stop();
  });
});

describe('startMock({ replay })', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let mock;
  beforeAll(async () => {
    mock = await startMock({ replay: file });
  });
  afterAll(() => mock?.stop());

  it('answers the same requests with the same statuses and bodies, in the order recorded, the last again', async () => {
    const replayed = await session(mock.url);
    expect(replayed.map(({ status }) => status)).toEqual(recorded.map(({ status }) => status));
    // The token exchange is answered with a token of the mock's, the recorded one never having been written.
    expect(replayed[0]?.body).toEqual({
      .../** @type {object} */ (recorded[0]?.body),
      access_token: expect.any(String),
    });
    expect(replayed[0]?.body).toEqual(expect.objectContaining({ access_token: 'replayed-access-token' }));
    expect(replayed.slice(1).map(({ body }) => body)).toEqual(recorded.slice(1).map(({ body }) => body));
    expect(replayed.map(({ headers }) => headers.get('served-recording'))).toEqual([
      'sandbox.jsonl:1',
      'sandbox.jsonl:2',
      'sandbox.jsonl:3',
      'sandbox.jsonl:4',
      'sandbox.jsonl:5',
    ]);
    expect(replayed[4]?.headers.get('retry-after')).toBe('7');
    expect(replayed.some(({ headers }) => headers.has('preference-applied'))).toBe(false);
    // Past the last answer recorded for a request, the last again.
    const again = await fetch(`${mock.url}/v1/rfi/${RFI}`, { headers: HEADERS });
    expect([again.headers.get('served-recording'), (await again.json()).status]).toEqual(['sandbox.jsonl:4', 'CLOSED']);
    expect(mock.requests().map((entry) => entry.replayed)).toEqual([1, 2, 3, 4, 5, 4].map((line) => ({ file, line })));
    expect(mock.requests({ operationId: 'getRfiCase' }).map((entry) => entry.notes)).toEqual([
      ['the recorded answer sandbox.jsonl:2 (1 of 3)'],
      ['the recorded answer sandbox.jsonl:3 (2 of 3)'],
      ['the recorded answer sandbox.jsonl:4 (3 of 3)'],
      ['the recorded answer sandbox.jsonl:4 (3 of 3, served again: it was the last)'],
    ]);
  });

  it('answers a request with no recording as without one; one with preferences, or configured, as asked', async () => {
    mock.clearRequests();
    const unrecorded = await fetch(`${mock.url}/v1/rfi?includeTerminal=false`, { headers: HEADERS });
    expect(unrecorded.status).toBe(200);
    expect(unrecorded.headers.has('served-recording')).toBe(false);
    expect(unrecorded.headers.get('not-replayed')).toBe('no recorded answer');
    const preferred = await fetch(`${mock.url}/v1/rfi/${RFI}`, { headers: { ...HEADERS, Prefer: 'code=404' } });
    expect([preferred.status, preferred.headers.get('preference-applied')]).toEqual([404, 'code=404']);
    expect(preferred.headers.has('served-recording')).toBe(false);
    expect(preferred.headers.get('not-replayed')).toBe("the request's own preferences win");
    await connectMock(mock.url).setAnswer('getRfiCase', 'code=404');
    const configured = await fetch(`${mock.url}/v1/rfi/${RFI}`, { headers: HEADERS });
    await connectMock(mock.url).clearAnswers('getRfiCase');
    expect([configured.status, configured.headers.has('served-recording')]).toEqual([404, false]);
    expect(configured.headers.get('not-replayed')).toBe('the answer configured for getRfiCase wins');
    const otherCase = await fetch(`${mock.url}/v1/account/business-profile`, { headers: HEADERS });
    expect([otherCase.status, otherCase.headers.get('not-replayed')]).toEqual([200, 'no recorded answer']);
    // Answered as without a recording: no entry says it was replayed.
    expect(mock.requests().filter((entry) => 'replayed' in entry)).toEqual([]);
    expect(mock.requests().map((entry) => entry.notes)).toEqual([
      [
        'the request is the example openCases: answered its 200',
        'sandbox.jsonl has no answer of listRfiCases for /v1/rfi?includeTerminal=false: ' +
          'answered as without a recording; the closest recorded request is GET /v1/rfi?includeTerminal=true ' +
          '(sandbox.jsonl:5)',
      ],
      [
        "preferences applied: code=404 (the request's Prefer)",
        "the recorded answer sandbox.jsonl:4 not served: the request's own preferences win",
      ],
      [
        'preferences applied: code=404 (the answer configured for getRfiCase)',
        'the recorded answer sandbox.jsonl:4 not served: the answer configured for getRfiCase wins',
      ],
      // An operation of which nothing was recorded: the closest request of any other.
      [
        'the request is the example businessProfile: answered its 200',
        expect.stringMatching(
          new RegExp(
            String.raw`^sandbox\.jsonl has no answer of getBusinessProfile for /v1/account/business-profile: ` +
              String.raw`answered as without a recording; the closest recorded request is GET /v1/rfi`,
          ),
        ),
      ],
    ]);
    expect(mock.summary().replay).toEqual({ file, replayed: 6, notReplayed: 4, refused: 0 });
  });

  it('starts over on a rewind, as a second run of the tests needs', async () => {
    const control = connectMock(mock.url);
    expect(await control.rewindReplay()).toEqual({ file, served: 6 });
    const polled = [];
    for (let poll = 0; poll < 2; poll += 1) {
      const answer = await fetch(`${mock.url}/v1/rfi/${RFI}`, { headers: HEADERS });
      polled.push([answer.headers.get('served-recording'), (await answer.json()).status]);
    }
    expect(polled).toEqual([
      ['sandbox.jsonl:2', 'OPEN'],
      ['sandbox.jsonl:3', 'CLOSED'],
    ]);
    expect(await control.rewindReplay()).toEqual({ file, served: 2 });
  });
});

describe('startMock({ replay, replayStrict })', () => {
  it('refuses a request with no recorded answer naming the closest recorded, journals why, counts it', async () => {
    const mock = await startMock({ replay: file, replayStrict: true });
    try {
      const other = '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60';
      const missed = await fetch(`${mock.url}/v1/rfi/${other}`, { headers: HEADERS });
      const message =
        `sandbox.jsonl has no recorded answer of getRfiCase for GET /v1/rfi/${other} (--replay-strict); the closest ` +
        `recorded request is GET /v1/rfi/${RFI} (sandbox.jsonl:2)`;
      expect([missed.status, missed.headers.get('not-replayed'), await missed.json()]).toEqual([
        500,
        'no recorded answer (strict)',
        {
          code: 'INTERNAL_ERROR',
          message,
          details: {
            recording: 'sandbox.jsonl',
            operationId: 'getRfiCase',
            request: `GET /v1/rfi/${other}`,
            closest: `GET /v1/rfi/${RFI}`,
          },
        },
      ]);
      const replayed = await fetch(`${mock.url}/v1/rfi/${RFI}`, { headers: HEADERS });
      expect(replayed.headers.get('served-recording')).toBe('sandbox.jsonl:2');
      const [entry] = mock.requests();
      expect(entry).toMatchObject({ status: 500, answerViolations: [], notes: [`refused: ${message}`] });
      expect(mock.summary().replay).toEqual({ file, replayed: 1, notReplayed: 0, refused: 1 });
    } finally {
      await mock.stop();
    }
    await expect(startMock({ replayStrict: true })).rejects.toThrow(
      'replayStrict goes with replay: it refuses what the recording does not answer',
    );
  });

  it('has nothing to rewind without a recording', async () => {
    const mock = await startMock();
    try {
      expect(await connectMock(mock.url).rewindReplay()).toEqual({ file: null, served: 0 });
    } finally {
      await mock.stop();
    }
  });
});

describe('a recording the contract no longer takes', () => {
  /**
   * Writes a recording of the lines given, and what startMock({ replay }) rejects with.
   * @param {string} name
   * @param {unknown[]} lines
   */
  async function refusal(name, lines) {
    const path = join(dir, name);
    await writeFile(
      path,
      `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`,
    );
    return startMock({ replay: path }).then(
      () => {
        throw new Error(`${name} was replayed`);
      },
      (/** @type {Error} */ error) => ({ path, error }),
    );
  }

  /** @type {Record<string, any>} */
  let poll = {};
  beforeAll(async () => {
    poll = JSON.parse((await readFile(file, 'utf8')).split('\n')[1] ?? '');
  });

  it('is refused at start, naming the line, the operation and why: the spec moved on', async () => {
    const moved = 'the contract changed since it was recorded: record it again';
    /** @type {Array<[object, string]>} */
    const cases = [
      [
        { ...poll, body: { ...poll.body, status: 'PAUSED', questions: [{ text: 'Why?' }] } },
        '2: getRfiCase: answer 200:',
      ],
      [{ ...poll, status: 418 }, '2: getRfiCase: answer 418: status 418 is not documented for getRfiCase'],
      [{ ...poll, target: '/v1/rfi/not-a-uuid' }, '2: getRfiCase: path rfiId must match format "uuid"'],
      [{ ...poll, target: '/v1/cases/1' }, '2: getRfiCase: GET /v1/cases/1: no operation at /v1/cases/1'],
      [
        { ...poll, operationId: 'getCase' },
        `2: getCase: GET /v1/rfi/${RFI} is getRfiCase in the contract, not getCase`,
      ],
    ];
    for (const [index, [line, said]] of cases.entries()) {
      const { path, error } = await refusal(`moved-${index}.jsonl`, [poll, line]);
      expect(error, said).toBeInstanceOf(TypeError);
      expect(error).toBeInstanceOf(RecordingError);
      expect(error.message.startsWith(`${path}:${said}`), error.message).toBe(true);
      expect(error.message.endsWith(moved), error.message).toBe(true);
    }
  });

  it('is refused whole when a line is no recorded answer, or it holds none; one unread is an Error', async () => {
    const { path, error } = await refusal('broken.jsonl', [poll, '{"recording": 1', { ...poll, recording: 2 }]);
    // The parser's own words differ between Node versions.
    expect(error.message.startsWith(`${path}:2: not JSON (`), error.message).toBe(true);
    expect(error.message.endsWith(') (and 1 more line(s) refused)'), error.message).toBe(true);
    expect(/** @type {any} */ (error).problems[1]).toEqual({
      line: 3,
      operationId: 'getRfiCase',
      problem: 'no recorded answer: recording must be 1, the format this mock reads; got 2',
    });
    const empty = await refusal('empty.jsonl', ['']);
    expect(empty.error.message).toBe(`${empty.path}: holds no recorded answer`);
    const missing = join(dir, 'missing.jsonl');
    const unread = await startMock({ replay: missing }).catch((/** @type {Error} */ error) => error);
    expect(unread).not.toBeInstanceOf(TypeError);
    expect(String(unread)).toContain(`cannot read the recording ${missing}: ENOENT`);
    await expect(startMock({ replay: file, proxy: 'http://127.0.0.1:9' })).rejects.toThrow(
      new TypeError('replay and proxy do not go together: a proxy answers with what its upstream answers'),
    );
  });
});

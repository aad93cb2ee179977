// The mock as a validating proxy, over real HTTP on 127.0.0.1, in front of an upstream that drifts from the contract
// on purpose: what it passes on, what it counts, what strict mode refuses, and what it never keeps.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadContract } from '@payments-connect/contract';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/mock', 'payments-connect-mock', import.meta.url);
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** A case that keeps the contract: the spec's own example. */
const CASE = loadContract().responseExample('getRfiCase', 'openCase');
const RFI = CASE.rfiId;
const SECRET = 'drift-secret-never-kept';
const TOKEN = 'drift-token-never-kept';
const AUTH = { Authorization: `Bearer ${TOKEN}`, AccountId: ACCOUNT };
/** A case the upstream answers with a question that lacks its id, and an id that is no UUID. */
const QUESTIONLESS = '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
/** A case whose request the upstream breaks off, unanswered. */
const BROKEN_OFF = '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f6a7b8c';
/** What the journal says of that answer: each place and rule. */
const QUESTIONLESS_VIOLATIONS = [
  {
    location: 'body',
    name: 'rfiId',
    rule: 'format',
    message: 'body/rfiId must match format "uuid"',
    expected: 'uuid',
  },
  {
    location: 'body',
    name: 'questions/0/questionId',
    rule: 'required',
    message: "body/questions/0 must have required property 'questionId'",
    expected: 'questionId',
  },
];

/** @type {Array<{ method: string, url: string, authorization: string | undefined, body: string }>} */
const received = [];
/** @type {import('node:http').Server} */
let upstream;
let upstreamUrl = '';

/**
 * An upstream that keeps the contract for the case it knows and the token exchange, and drifts from it elsewhere: a
 * case with an id that is no UUID, and a status no operation documents.
 */
beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const json = (/** @type {number} */ status, /** @type {unknown} */ value) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/auth/token')
        return json(200, { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
      if (request.url === `/v1/rfi/${RFI}`) return json(200, CASE);
      if (request.url === '/v1/rfi') return json(418, { code: 'TEAPOT', message: 'no list today' });
      if (request.url === `/v1/rfi/${BROKEN_OFF}`) return request.socket.destroy();
      if (request.url === `/v1/rfi/${QUESTIONLESS}`)
        return json(200, { ...CASE, rfiId: 'drifted', questions: [{ text: 'Why?' }] });
      return json(200, { ...CASE, rfiId: 'drifted' });
    });
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', () => resolve(undefined)));
  upstreamUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`;
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

describe('a validating proxy to an upstream that drifts', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let proxy;
  beforeAll(async () => {
    proxy = await startMock({ proxy: upstreamUrl });
  });
  afterAll(() => proxy?.stop());

  it('passes requests and answers on untouched, credentials included, and counts the violations of each', async () => {
    const token = await fetch(`${proxy.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }),
    });
    expect([token.status, token.headers.get('x-contract-violations')]).toEqual([200, '0']);
    expect(received[0]?.body).toBe(JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }));

    const kept = await fetch(`${proxy.url}/v1/rfi/${RFI}`, { headers: AUTH });
    expect([kept.status, kept.headers.get('x-contract-violations')]).toEqual([200, '0']);
    expect(received[1]?.authorization).toBe(`Bearer ${TOKEN}`);

    const drifted = await fetch(`${proxy.url}/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60`, { headers: AUTH });
    expect(drifted.status).toBe(200);
    expect(Number(drifted.headers.get('x-contract-violations'))).toBeGreaterThan(0);
    expect((await drifted.json()).rfiId).toBe('drifted');

    const badRequest = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, { headers: AUTH });
    expect(badRequest.status).toBe(200); // passed on all the same: the upstream answered
    expect(received.at(-1)?.url).toBe('/v1/rfi/not-a-uuid');
    expect(Number(badRequest.headers.get('x-contract-violations'))).toBeGreaterThanOrEqual(2);

    const undocumented = await fetch(`${proxy.url}/v1/rfi`, { headers: AUTH });
    expect(undocumented.status).toBe(418);
    expect(undocumented.headers.get('x-contract-violations')).toBe('1');
  });

  it('journals every exchange with its violations, and never a credential', () => {
    const entries = proxy.requests();
    const drifted = entries.find((entry) => entry.target.startsWith('/v1/rfi/5a0b'));
    expect(drifted?.answerViolations.length).toBeGreaterThan(0);
    const badRequest = entries.find((entry) => entry.target === '/v1/rfi/not-a-uuid');
    expect(badRequest?.requestViolations).toEqual([expect.objectContaining({ name: 'rfiId', rule: 'format' })]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect(proxy.summary().byOperation.listRfiCases).toEqual({ exchanges: 1, violations: 1 });
  });

  it('journals where and how each answer broke the contract: the place in the body and the rule', async () => {
    const answer = await fetch(`${proxy.url}/v1/rfi/${QUESTIONLESS}`, { headers: AUTH });
    expect([answer.status, answer.headers.get('x-contract-violations')]).toEqual([200, '2']);
    await answer.arrayBuffer();
    const entry = proxy.requests().find((kept) => kept.target === `/v1/rfi/${QUESTIONLESS}`);
    expect(entry?.answerViolations).toEqual(QUESTIONLESS_VIOLATIONS);
    expect(entry?.upstreamFailure).toBeUndefined();
    const undocumented = proxy.requests({ operationId: 'listRfiCases' })[0]?.answerViolations;
    expect(undocumented).toEqual([expect.objectContaining({ location: 'status', name: '418', rule: 'documented' })]);
    expect(proxy.summary().causes).toContainEqual({
      operationId: 'getRfiCase',
      side: 'answer',
      location: 'body',
      name: 'questions/0/questionId',
      rule: 'required',
      message: "body/questions/0 must have required property 'questionId'",
      count: 1,
    });
  });
});

describe('a strict validating proxy', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let proxy;
  beforeAll(async () => {
    proxy = await startMock({ proxy: upstreamUrl, strict: true });
  });
  afterAll(() => proxy?.stop());

  it('refuses a request that breaks the contract in the error envelope, unsent', async () => {
    const refused = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, { headers: AUTH });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(received).toEqual([]);
  });

  it('turns an answer that breaks the contract into a 502 naming the violations; passes a good one on', async () => {
    const broken = await fetch(`${proxy.url}/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60`, { headers: AUTH });
    expect(broken.status).toBe(502);
    const envelope = await broken.json();
    expect(envelope.message).toContain(`upstream ${upstreamUrl}`);
    expect(envelope.details.length).toBeGreaterThan(0);
    const good = await fetch(`${proxy.url}/v1/rfi/${RFI}`, { headers: AUTH });
    expect(good.status).toBe(200);
  });

  it('names the place and rule of each violation in the 502: its message and its details', async () => {
    const broken = await fetch(`${proxy.url}/v1/rfi/${QUESTIONLESS}`, { headers: AUTH });
    expect(broken.status).toBe(502);
    const envelope = await broken.json();
    expect(envelope.details).toEqual(QUESTIONLESS_VIOLATIONS);
    expect(envelope.message).toContain(
      '(getRfiCase 200: body/rfiId must match format "uuid"; ' +
        "body/questions/0 must have required property 'questionId'): the answer was not passed on.",
    );
    expect(proxy.requests().at(-1)?.answerViolations).toEqual(QUESTIONLESS_VIOLATIONS);
  });
});

describe('a proxy whose upstream cannot be reached', () => {
  it('answers 502 in the error envelope, naming the upstream', async () => {
    const gone = await startMock({ proxy: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${gone.url}/v1/rfi/${RFI}`, { headers: AUTH });
      expect(answer.status).toBe(502);
      expect((await answer.json()).message).toContain('the upstream http://127.0.0.1:9 cannot be reached');
    } finally {
      await gone.stop();
    }
  });

  it('is the upstream failing, not a violation: journaled, counted and reported apart, as it happens', async () => {
    /** @type {import('@payments-connect/contract/server').UpstreamFailure[]} */
    const failures = [];
    const gone = await startMock({ proxy: 'http://127.0.0.1:9', onUpstreamFailure: (f) => failures.push(f) });
    try {
      const answer = await fetch(`${gone.url}/v1/rfi/${RFI}`, { headers: AUTH });
      expect([answer.status, answer.headers.get('x-contract-violations')]).toEqual([502, '0']);
      await answer.arrayBuffer();
      // The request's own violations still count: it was judged before it was sent.
      const badRequest = await fetch(`${gone.url}/v1/rfi/not-a-uuid`, { headers: AUTH });
      expect([badRequest.status, badRequest.headers.get('x-contract-violations')]).toEqual([502, '1']);
      await badRequest.arrayBuffer();
      const [entry] = gone.requests();
      expect(entry).toMatchObject({ status: 502, answerViolations: [], requestViolations: [] });
      expect(entry?.upstreamFailure).toMatch(/^the upstream http:\/\/127\.0\.0\.1:9 cannot be reached: /);
      expect(gone.summary()).toMatchObject({ exchanges: 2, violations: 1, upstreamFailures: 2 });
      expect(failures).toEqual([
        {
          operationId: 'getRfiCase',
          method: 'GET',
          target: `/v1/rfi/${RFI}`,
          status: 502,
          message: entry?.upstreamFailure,
        },
        expect.objectContaining({ operationId: 'getRfiCase', target: '/v1/rfi/not-a-uuid', status: 502 }),
      ]);
    } finally {
      await gone.stop();
    }
  });

  it('is the upstream failing when it breaks the connection off unanswered, too', async () => {
    const silent = createServer((request) => request.socket.destroy());
    await new Promise((resolve) => silent.listen(0, '127.0.0.1', () => resolve(undefined)));
    const port = /** @type {import('node:net').AddressInfo} */ (silent.address()).port;
    const proxy = await startMock({ proxy: `http://127.0.0.1:${port}` });
    try {
      const answer = await fetch(`${proxy.url}/v1/rfi/${RFI}`, { headers: AUTH });
      expect([answer.status, answer.headers.get('x-contract-violations')]).toEqual([502, '0']);
      await answer.arrayBuffer();
      expect(proxy.requests()[0]?.upstreamFailure).toContain(`the upstream http://127.0.0.1:${port}`);
      expect(proxy.summary()).toMatchObject({ violations: 0, upstreamFailures: 1 });
    } finally {
      await proxy.stop();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is refused at start when the upstream is no http(s) URL', async () => {
    await expect(startMock({ proxy: 'ftp://example' })).rejects.toThrow('proxy must be an http(s) URL');
  });
});

describe('payments-connect-mock --proxy', () => {
  /**
   * Runs the command as a proxy, sends it a request that breaks the contract, stops it with SIGTERM.
   * @param {string[]} extra
   * @param {string} [to] the upstream
   * @param {string[]} [paths] what to GET after the token exchange
   */
  async function runProxy(extra, to = upstreamUrl, paths = ['/v1/rfi']) {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--proxy', to, ...extra]);
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const closed = new Promise((resolve) => child.on('close', (code) => resolve(code)));
    const url = await new Promise((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /listening on (http:\/\/[^\s,]+)/.exec(output);
        if (found) resolve(found[1]);
      });
      child.on('close', () => reject(new Error(`exited before listening: ${output}`)));
    });
    await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }),
    }).then((response) => response.text());
    for (const path of paths) await fetch(`${url}${path}`, { headers: AUTH }).then((response) => response.text());
    child.kill('SIGTERM');
    return { code: await closed, output, stdout };
  }

  it('prints a summary on stop, and exits 1 with --fail-on-violation when an exchange broke the contract', async () => {
    const [plain, failing] = await Promise.all([runProxy([]), runProxy(['--fail-on-violation'])]);
    expect(plain.code).toBe(0);
    expect(plain.output).toContain('proxy summary: 2 exchange(s), 1 violation(s) of the contract');
    expect(plain.output).toContain('listRfiCases: 1 in 1 exchange(s)');
    expect(failing.code).toBe(1);
    for (const { output } of [plain, failing]) {
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(TOKEN);
    }
  });

  it('names each kind of violation in its summary, and the upstream failures on a line of their own', async () => {
    const { output } = await runProxy([]);
    expect(output).toContain(
      '  listRfiCases: 1 in 1 exchange(s)\n    1x answer status 418 (documented): status 418 is not documented for ' +
        'listRfiCases (documented: ',
    );
    expect(output).toContain('\nupstream failures: 0 exchange(s) not judged: the upstream could not be reached');
  });

  it('prints the summary the reference shows, and the journal it shows', async () => {
    const readme = await readFile(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    /** The block of `language` that follows the words `after`, without the indent of the list item it is in. */
    const shown = (/** @type {string} */ language, /** @type {string} */ after) => {
      const [, indent = '', block = ''] =
        new RegExp(`${after}[^]*?\\n( *)\`\`\`${language}\\n([^]*?)\\n\\1\`\`\``).exec(readme) ?? [];
      return block
        .split('\n')
        .map((line) => line.slice(indent.length))
        .join('\n');
    };
    const shownSummary = shown('text', 'When it stops it prints a summary');
    const shownJournal = shown('json', 'each naming its place and rule');
    const paths = [`/v1/rfi/${QUESTIONLESS}`, `/v1/rfi/${QUESTIONLESS}`, `/v1/rfi/${BROKEN_OFF}`];
    const { stdout } = await runProxy([], upstreamUrl, paths);
    const summary = stdout.slice(stdout.indexOf('proxy summary:')).trimEnd();
    expect(summary).toBe(shownSummary);
    expect(summary).toContain('\n  getRfiCase: 4 in 3 exchange(s)\n    2x answer body rfiId (format): ');
    expect(JSON.parse(`{${shownJournal}}`).answerViolations).toEqual(QUESTIONLESS_VIOLATIONS);
  });

  it('prints each upstream failure as it happens, counts them apart, and fails --fail-on-violation', async () => {
    const [plain, failing] = await Promise.all([
      runProxy([], 'http://127.0.0.1:9'),
      runProxy(['--fail-on-violation'], 'http://127.0.0.1:9'),
    ]);
    for (const { output } of [plain, failing]) {
      expect(output).toMatch(/\[upstream\] POST \/auth\/token -> 502: the upstream http:\/\/127\.0\.0\.1:9 cannot be/);
      expect(output).toContain('[upstream] GET /v1/rfi -> 502: ');
      expect(output).toContain('proxy summary: 2 exchange(s), 0 violation(s) of the contract');
      expect(output).toContain('\nupstream failures: 2 exchange(s) not judged: the upstream could not be reached');
      expect(output).not.toContain(SECRET);
    }
    expect(plain.code).toBe(0);
    expect(failing.code).toBe(1);
  });

  it('refuses --strict without --proxy as a usage error', async () => {
    const child = spawn(process.execPath, [BIN, '--strict']);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(2);
    expect(stderr).toContain('payments-connect-mock: --strict goes with --proxy');
  });
});

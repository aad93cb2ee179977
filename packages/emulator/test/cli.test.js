import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, DEFAULT_CREDENTIALS, SEED_IDS } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/emulator', 'payments-connect-emulator', import.meta.url);
/**
 * Ends a hang only: it runs from the spawn over the whole of a test's steps, which took over 20 s in an npm test at a
 * load of 24 (a start alone takes well under a second); the test's own limit is longer still.
 */
const EXIT_TIMEOUT_MS = 120_000;

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
afterAll(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** @param {string[]} args */
function run(args) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no exit within ${EXIT_TIMEOUT_MS} ms; stderr: ${stderr}`)),
      EXIT_TIMEOUT_MS,
    );
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  /** Resolves with the printed URL once the banner is out (made on demand, so no rejection goes unheard). */
  const listening = () =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match && stdout.includes('PAYMENTS_CONNECT_EXPIRED_TOKEN=')) resolve(match[1]);
      };
      child.stdout.on('data', check);
      check();
      exited.then(() => reject(new Error(`exited before listening: ${stderr}`)), reject);
    });
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('payments-connect-emulator CLI', () => {
  it('starts, prints URL, credentials, accounts, fixtures, sandbox env and docs, exits 0 on SIGTERM', async () => {
    const cli = run(['--port', '0', '--token-ttl', '5', '--strict']);
    const url = await cli.listening();
    const { stdout } = cli.output();
    expect(stdout).toMatch(new RegExp(`clientId\\s+${DEFAULT_CREDENTIALS.clientId}`));
    expect(stdout).toMatch(new RegExp(`primary\\s+${ACCOUNT_IDS.primary}`));
    expect(stdout).toMatch(new RegExp(`openRfiId\\s+${SEED_IDS.openRfiId}`));
    expect(stdout).toContain(`PAYMENTS_CONNECT_BASE_URL=${url}`);
    const token = await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEFAULT_CREDENTIALS),
    });
    expect((await token.json()).expires_in).toBe(5);
    expect((await (await fetch(`${url}/_emulator`)).json()).strict).toBe(true);
    expect(stdout).toContain(`Docs: ${url}/_docs (the API reference, with Try it)`);
    expect((await fetch(`${url}/_docs`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([
    [['--bogus'], /unknown option '--bogus'\n/],
    [['--save-sate', 'state.json'], /unknown option '--save-sate' \(did you mean --save-state\?\)/],
    [['--tokenttl=60'], /unknown option '--tokenttl' \(did you mean --token-ttl\?\)/],
    [['exe', '--', 'npm', 'test'], /unknown command 'exe' \(did you mean exec\?\)/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got 'abc'/],
    [['--port', '70000'], /--port must be an integer/],
    [['--token-ttl', '0'], /--token-ttl must be an integer from 1/],
    [['--webhook-url', 'ftp://example'], /--webhook-url must be an http\(s\) URL, got 'ftp:\/\/example'/],
    [['stray'], /Unexpected argument 'stray'/],
  ])('refuses %j with exit code 2 and the usage', { concurrent: true }, async (args, message) => {
    const cli = run(args);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(message);
    expect(cli.output().stderr).toContain('usage: payments-connect-emulator');
  });

  it('exits 1 with a clear message when the port is in use', async () => {
    const blocker = createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (blocker.address());
    try {
      const cli = run(['--port', String(port)]);
      expect(await cli.exited).toBe(1);
      expect(cli.output().stderr).toContain(`payments-connect-emulator: port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(() => resolve(undefined)));
    }
  });

  it('--help prints the usage and exits 0', async () => {
    const cli = run(['--help']);
    expect(await cli.exited).toBe(0);
    expect(cli.output().stdout).toContain('--webhook-url <url>');
  });
});

/** @param {string} text @returns {string} the text as a regular expression matches it */
const asPattern = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('payments-connect-emulator --state and --save-state', () => {
  const folder = mkdtempSync(join(tmpdir(), 'emulator-cli-state-'));
  const file = join(folder, 'state.json');
  const rfiId = '11111111-2222-4333-8444-555555555555';
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** @param {string} url */
  const control = (url) => ({
    /** @param {string} path @param {unknown} [json] */
    post: (path, json) =>
      fetch(`${url}/_emulator${path}`, {
        method: 'POST',
        headers: json === undefined ? {} : { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
    state: async () => (await fetch(`${url}/_emulator/state`)).json(),
  });

  it('saves the state atomically on SIGTERM, saying where; --state starts from it, SIGINT saves it again', async () => {
    const first = run(['--port', '0', '--save-state', file]);
    const url = await first.listening();
    expect(first.output().stdout).toContain(`state saved to ${file} when stopped`);
    expect((await control(url).post('/rfi-cases', { rfiId })).status).toBe(201);
    expect((await control(url).post('/clock', { advanceSeconds: 90 })).status).toBe(200);
    const before = await control(url).state();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain(`State saved to ${file}\n`);
    // Only the snapshot: the temporary file it was written to is gone.
    expect(readdirSync(folder)).toEqual(['state.json']);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect({ ...saved, header: { ...saved.header, takenAt: '' } }).toEqual({
      ...before,
      header: { ...before.header, takenAt: '' },
    });

    const second = run(['--port', '0', '--state', file, '--save-state', file]);
    const again = await second.listening();
    expect(second.output().stdout).toContain(`state restored from ${file}`);
    const restored = await control(again).state();
    expect(restored.clock).toEqual({ advancedSeconds: 90 });
    expect(restored.records.rfiCases.map((/** @type {any} */ c) => c.record.rfiId)).toContain(rfiId);
    expect((await control(again).post(`/rfi-cases/${rfiId}/close`)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    const closed = JSON.parse(readFileSync(file, 'utf8')).records.rfiCases.find(
      (/** @type {any} */ c) => c.record.rfiId === rfiId,
    );
    expect(closed.record.status).toBe('CLOSED');
  });

  it('refuses a --state file whose snapshot it refuses with exit 2, in one line without the usage', async () => {
    const bad = join(folder, 'bad.json');
    for (const [text, problem] of [
      ['{ "header": { "format": "firebase-export" } }', `the state snapshot ${bad} is refused at header.format: `],
      [
        '{\n  "header": }',
        `the state snapshot ${bad} is not JSON: line 2, column 13: found '}' where a value was expected`,
      ],
    ]) {
      writeFileSync(bad, text);
      const cli = run(['--state', bad]);
      expect(await cli.exited).toBe(2);
      expect(cli.output().stderr).toMatch(new RegExp(`^payments-connect-emulator: ${asPattern(problem)}[^\n]*\n$`));
    }
  });

  it('exits 1 in one line for a --state file it cannot read, or a --save-state folder it cannot write to', async () => {
    const missing = join(folder, 'missing.json');
    const unreadable = run(['--state', missing]);
    expect(await unreadable.exited).toBe(1);
    expect(unreadable.output().stderr).toMatch(
      new RegExp(`^payments-connect-emulator: cannot read the state snapshot ${missing}: ENOENT[^\n]*\n$`),
    );
    const nowhere = join(folder, 'no-such-folder', 'state.json');
    const unwritable = run(['--save-state', nowhere]);
    expect(await unwritable.exited).toBe(1);
    expect(unwritable.output().stderr).toMatch(
      new RegExp(`^payments-connect-emulator: cannot save the state to ${nowhere}: ENOENT[^\n]*\n$`),
    );
  });
});

// payments-connect-mock --record and --replay, the command in processes of its own: the flags that do not go together
// are usage errors; a recording stopped by a signal, SIGKILL included, is whole lines, and SIGTERM prints what was
// left out; a recording the contract no longer takes is a data error in one line, exit 2. The reference shows that
// summary and that line as they are printed.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/mock', 'payments-connect-mock', import.meta.url);
const REFERENCE = await readFile(new URL('../REFERENCE.md', import.meta.url), 'utf8');
/** The recording's name in the reference. */
const SHOWN_AS = 'sandbox.recording.jsonl';
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
/** A case no recording holds. */
const OTHER_RFI = '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60';
const HEADERS = { Authorization: 'Bearer service-token', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };

/**
 * Runs the command to its end.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, stderr: string }>}
 */
function runBin(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/**
 * Runs the command as a recording proxy, sends it `paths` (and a request that breaks the contract), then stops it
 * with `signal`.
 * @param {string} file
 * @param {NodeJS.Signals} signal
 * @returns {Promise<{ signal: NodeJS.Signals | null, stdout: string }>}
 */
async function recordThenStop(file, signal) {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--proxy', upstream.url, '--record', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const ended = new Promise((resolve) => child.on('close', (_, how) => resolve(how)));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const found = /listening on (http:\/\/\S+)/.exec(stdout);
      if (found) resolve(found[1]);
    });
    child.on('close', () => reject(new Error(`exited before listening: ${stdout}`)));
  });
  for (const path of [`/v1/rfi/${RFI}`, '/v1/rfi', '/v1/rfi/not-a-uuid'])
    await fetch(`${url}${path}`, { headers: HEADERS }).then((answer) => answer.arrayBuffer());
  child.kill(signal);
  return { signal: /** @type {NodeJS.Signals | null} */ (await ended), stdout };
}

/**
 * Runs a command against the command replaying `file` strictly, through exec: it asks for the recorded case, and for a
 * case the recording does not hold.
 * @param {string} file
 */
function replayStrictly(file) {
  const calls = `
const headers = ${JSON.stringify(HEADERS)};
const url = process.env.PAYMENTS_CONNECT_BASE_URL;
const ask = (id) => fetch(url + '/v1/rfi/' + id, { headers })
  .then(async (answer) => ({ status: answer.status, recording: answer.headers.get('served-recording'),
    notReplayed: answer.headers.get('not-replayed'), message: (await answer.json()).message }));
Promise.all([ask('${RFI}'), ask('${OTHER_RFI}')]).then((answers) => console.log(JSON.stringify(answers)));
`;
  const args = ['exec', '--port', '0', '--replay', file, '--replay-strict', '--', process.execPath, '-e', calls];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, answers: JSON.parse(stdout || '[]'), stderr }));
  });
}

let dir = '';
/** @type {Awaited<ReturnType<typeof startMock>>} the sandbox */
let upstream;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-record-cli-'));
  upstream = await startMock();
});
afterAll(async () => {
  await upstream?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('payments-connect-mock --record, --replay', () => {
  it('refuses --record without --proxy, --replay with it, and --replay-strict alone, as usage errors', async () => {
    const [record, replay, strict] = await Promise.all([
      runBin(['--record', join(dir, 'x.jsonl')]),
      runBin(['--replay', join(dir, 'x.jsonl'), '--proxy', 'http://127.0.0.1:9']),
      runBin(['--replay-strict']),
    ]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/^payments-connect-mock: --replay-strict goes with --replay: it refuses what the/);
    expect(record.code).toBe(2);
    expect(record.stderr).toMatch(/^payments-connect-mock: --record goes with --proxy: it records what the upstream/);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toMatch(/^payments-connect-mock: --replay does not go with --proxy: a proxy answers as/);
    for (const { stderr } of [record, replay, strict]) expect(stderr).toContain('usage: payments-connect-mock');
  });

  it('leaves whole lines however it is stopped, SIGKILL too; SIGTERM and SIGINT say what it left out', async () => {
    const files = {
      SIGTERM: join(dir, 'term.jsonl'),
      SIGINT: join(dir, 'int.jsonl'),
      SIGKILL: join(dir, 'kill.jsonl'),
    };
    const [term, int, kill] = await Promise.all([
      recordThenStop(files.SIGTERM, 'SIGTERM'),
      recordThenStop(files.SIGINT, 'SIGINT'),
      recordThenStop(files.SIGKILL, 'SIGKILL'),
    ]);
    expect(kill.signal).toBe('SIGKILL');
    for (const [signal, stopped] of /** @type {const} */ ([
      ['SIGTERM', term],
      ['SIGINT', int],
    ])) {
      expect(stopped.stdout).toContain(
        `recording summary: 2 exchange(s) recorded to ${files[signal]}, 1 not (1 the request broke the contract)`,
      );
    }
    const summary = /^recording summary: .*$/m.exec(term.stdout)?.[0] ?? '(none)';
    expect(REFERENCE).toContain(summary.replace(files.SIGTERM, SHOWN_AS));
    for (const file of Object.values(files)) {
      const text = await readFile(file, 'utf8');
      expect(text.endsWith('\n'), file).toBe(true);
      const lines = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => `${line.operationId} ${line.status}`)).toEqual(['getRfiCase 200', 'listRfiCases 200']);
    }
  });

  it('replays what it recorded, strictly; refuses a recording the contract no longer takes, exit 2', async () => {
    const recording = await readFile(join(dir, 'term.jsonl'), 'utf8');
    const moved = join(dir, 'moved.jsonl');
    // The case's id gone from the first line's body, as when the contract made it required since.
    await writeFile(moved, recording.replace(/"rfiId":"[^"]*",/, ''));
    const file = join(dir, 'term.jsonl');
    const [refused, served] = await Promise.all([runBin(['--replay', moved]), replayStrictly(file)]);
    expect(refused.code).toBe(2);
    const said = `payments-connect-mock: --replay ${moved}:1: getRfiCase: answer 200: body must have required property`;
    expect(refused.stderr.startsWith(said), refused.stderr).toBe(true);
    expect(refused.stderr.endsWith('; the contract changed since it was recorded: record it again\n')).toBe(true);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1); // no usage: the flags were right
    expect(REFERENCE).toContain(refused.stderr.trimEnd().replace(moved, SHOWN_AS));
    // The recorded case replayed; the other refused, naming the closest recorded request: the run fails at its end,
    // its last line saying why, though its command passed.
    expect(served.answers).toEqual([
      { status: 200, recording: 'term.jsonl:1', notReplayed: null, message: undefined },
      {
        status: 500,
        recording: null,
        notReplayed: 'no recorded answer (strict)',
        message:
          `term.jsonl has no recorded answer of getRfiCase for GET /v1/rfi/${OTHER_RFI} (--replay-strict); ` +
          'the closest ' +
          `recorded request is GET /v1/rfi/${RFI} (term.jsonl:1)`,
      },
    ]);
    expect(served.code).toBe(1);
    const lines = served.stderr.trimEnd().split('\n');
    expect(lines).toContain(
      `replay summary: 1 answer(s) replayed from ${file}, 0 not, 1 refused: no recorded answer (--replay-strict)`,
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        String.raw`^payments-connect-mock: \S+ -e .* passed, but the run fails \(exit 1\): 1 request\(s\) with no ` +
          String.raw`recorded answer \(--replay-strict\)$`,
      ),
    );
  });
});

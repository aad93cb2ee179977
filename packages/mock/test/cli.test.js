// payments-connect-mock, the command: serves in the foreground, refuses bad input in one line, stops when told; its
// answers (--answer, --scenario) and its journal (--journal, --journal-size).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/mock', 'payments-connect-mock', import.meta.url);
const HEADERS = { AccountId: 'acc', Authorization: 'Bearer t' };

/** @param {string[]} args @returns {Promise<{ code: number | null, output: string }>} */
function runBin(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Starts the bin and resolves once it has printed all it prints at start, with that output and its URL (or, given
 * `printed`, the first group of that line).
 * @param {string[]} [args]
 * @param {RegExp} [printed]
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string, output: string }>}
 */
function startBin(args = [], printed = /listening on (http:\/\/\S+)/) {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(printed);
      // Its last line at start: what it prints before is whole.
      if (match?.[1] && output.includes('pick an answer')) resolve({ child, url: match[1], output });
    });
    child.on('close', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/**
 * Stops the bin with SIGTERM and resolves with its exit code.
 * @param {import('node:child_process').ChildProcess} child
 */
function stopBin(child) {
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('payments-connect-mock', () => {
  it.for(['SIGTERM', 'SIGINT', 'SIGHUP'])('prints its URL, serves, and exits 0 on %s', async (signal) => {
    const { child, url } = await startBin();
    const response = await fetch(`${url}/v1/rfi`, { headers: HEADERS });
    expect(response.status).toBe(200);
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill(/** @type {NodeJS.Signals} */ (signal));
    expect(await exited).toBe(0);
  });

  it('prints where it serves the API reference, and serves the page there', async () => {
    const { child, url } = await startBin([], /docs: (http:\/\/\S+)/);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_docs$/);
      const page = await fetch(url);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.for([
    [['--bogus'], "unknown option '--bogus'\n"],
    [['--prot', '4010'], "unknown option '--prot' (did you mean --port?)"],
    [['--answr=getRfiCase=code=404'], "unknown option '--answr' (did you mean --answer?)"],
    [['--failonviolation'], "unknown option '--failonviolation' (did you mean --fail-on-violation?)"],
    [['--hepl'], "unknown option '--hepl' (did you mean --help?)"],
    [['exce', '--', 'npm', 'test'], "unknown command 'exce' (did you mean exec?)"],
    [['--port', 'abc'], "--port must be an integer from 0 to 65535, got 'abc'"],
    [['--port', '70000'], '--port must be an integer from 0 to 65535'],
    [['stray'], "Unexpected argument 'stray'"],
  ])('refuses %j as a usage error: the problem, then the usage, exit 2', async ([args, message]) => {
    const { code, output } = await runBin(/** @type {string[]} */ (args));
    expect(code).toBe(2);
    expect(output).toContain(`payments-connect-mock: ${message}`);
    expect(output).toContain('usage: payments-connect-mock');
  });

  it('refuses a port in use and a spec it cannot serve, each in one line with exit 1', async () => {
    const busy = await startMock();
    try {
      const results = await Promise.all([
        runBin(['--port', String(busy.port)]),
        runBin(['--port', '0', '--spec', '/nowhere/openapi.json']),
      ]);
      expect(results.map((r) => r.code)).toEqual([1, 1]);
      expect(results[0]?.output).toMatch(/^payments-connect-mock: port \d+ on 127\.0\.0\.1 is already in use.*\n$/);
      expect(results[1]?.output).toMatch(/^payments-connect-mock: cannot read the spec \/nowhere\/openapi\.json.*\n$/);
    } finally {
      await busy.stop();
    }
  });

  it('prints its usage with --help', async () => {
    const { code, output } = await runBin(['--help']);
    expect(code).toBe(0);
    expect(output).toContain('usage: payments-connect-mock');
  });

  it('serves the answers of --scenario and --answer, the flag winning for the same operation', async () => {
    const scenario = join(dir, 'scenario.json');
    await writeFile(scenario, JSON.stringify({ getRfiCase: 'example=closedCase', listRfiCases: 'code=429' }));
    const { child, url, output } = await startBin([
      '--scenario',
      scenario,
      '--answer',
      'getRfiCase=example=cancelledCase',
      '--answer',
      'answerRfiQuestion="code=409, example=rfiItemAlreadyApproved"',
    ]);
    try {
      const answers = await (await fetch(`${url}/_mock/answers`)).json();
      expect(answers).toEqual({
        getRfiCase: 'example=cancelledCase',
        listRfiCases: 'code=429',
        answerRfiQuestion: 'code=409, example=rfiItemAlreadyApproved',
      });
      const read = await fetch(`${url}/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f`, { headers: HEADERS });
      expect(read.headers.get('preference-applied')).toBe('example=cancelledCase');
      expect((await fetch(`${url}/v1/rfi`, { headers: HEADERS })).status).toBe(429);
      expect(output).toContain('answers: getRfiCase: example=cancelledCase; listRfiCases: code=429; ');
    } finally {
      expect(await stopBin(child)).toBe(0);
    }
  });

  it('refuses an answer or a scenario the contract lacks, naming what it has: a scenario in one line', async () => {
    const files = {
      unknown: join(dir, 'unknown.json'),
      array: join(dir, 'array.json'),
      text: join(dir, 'text.json'),
    };
    await writeFile(files.unknown, JSON.stringify({ getRfiCase: 'example=closedCase', listRfiCase: 'code=429' }));
    await writeFile(files.array, '["getRfiCase"]');
    await writeFile(files.text, 'getRfiCase: example=closedCase');
    const results = await Promise.all([
      runBin(['--answer', 'getRfiCas=example=closedCase']),
      runBin(['--answer', 'getRfiCase=code=409']),
      runBin(['--answer', 'getRfiCase']),
      runBin(['--scenario', files.unknown]),
      runBin(['--scenario', files.array]),
      runBin(['--scenario', files.text]),
      runBin(['--journal-size', '0']),
    ]);
    expect(results.map((result) => result.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    // A flag's mistake is a usage error, the usage after it; what a file holds is said in its one line alone.
    expect(results.map(({ output }) => output.includes('usage: payments-connect-mock'))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
    for (const { output } of results.slice(3, 6)) expect(output.trimEnd().split('\n')).toHaveLength(1);
    const [unknownFlag, undocumented, noAnswer, unknownInFile, array, text, journalSize] = results.map(
      (result) => result.output.split('\n')[0],
    );
    expect(unknownFlag).toMatch(
      /^payments-connect-mock: --answer getRfiCas: no operation getRfiCas in the contract; it has getRfiCase, /,
    );
    expect(undocumented).toBe(
      'payments-connect-mock: --answer getRfiCase: code=409: ' +
        'getRfiCase documents 400, 401, 403, 404, 405, 429, 200, 500',
    );
    expect(noAnswer).toBe(
      'payments-connect-mock: --answer takes operationId=answer, such as getRfiCase=example=closedCase; ' +
        "got 'getRfiCase'",
    );
    expect(unknownInFile).toMatch(
      new RegExp(`^payments-connect-mock: --scenario ${files.unknown}: listRfiCase: no operation listRfiCase in the `),
    );
    expect(unknownInFile).toContain('; it has listRfiCases, ');
    expect(array).toContain(`the scenario ${files.array} is no object: write a JSON object of operationId to answer`);
    expect(text).toContain(`the scenario ${files.text} is not JSON`);
    expect(journalSize).toBe("payments-connect-mock: --journal-size must be an integer from 1 to 10000000, got '0'");
  });

  it('refuses a scenario it cannot read in one line with exit 1', async () => {
    const { code, output } = await runBin(['--scenario', join(dir, 'missing.json')]);
    expect(code).toBe(1);
    expect(output).toMatch(/^payments-connect-mock: cannot read the scenario .*missing\.json: ENOENT.*\n$/);
  });

  it('keeps --journal-size requests, and has written every one to --journal FILE once stopped', async () => {
    const file = join(dir, 'journal.jsonl');
    const { child, url, output } = await startBin(['--journal', file, '--journal-size', '2']);
    try {
      expect(output).toContain(`requests received: ${url}/_mock/requests (and ${file})`);
      const token = 'cli-journal-secret';
      const headers = { ...HEADERS, Authorization: `Bearer ${token}` };
      for (const path of ['/v1/rfi', '/v1/rfi?includeTerminal=maybe', '/v1/webhooks']) {
        await fetch(`${url}${path}`, { headers }).then((response) => response.arrayBuffer());
      }
      const listed = await (await fetch(`${url}/_mock/requests`)).json();
      expect(listed).toMatchObject({ size: 2, dropped: 1 });
      expect(listed.items.map((/** @type {any} */ entry) => entry.status)).toEqual([400, 200]);
      expect(await stopBin(child)).toBe(0);
      const text = await readFile(file, 'utf8');
      const lines = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((entry) => [entry.id, entry.operationId, entry.status])).toEqual([
        [1, 'listRfiCases', 200],
        [2, 'listRfiCases', 400],
        [3, 'listWebhooks', 200],
      ]);
      expect(lines[1].requestViolations).toEqual([expect.objectContaining({ name: 'includeTerminal' })]);
      expect(text).not.toContain(token);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

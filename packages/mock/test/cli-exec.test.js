// payments-connect-mock exec, and what a script reads of the command: it runs a command against the mock and ends
// with it (its exit status, the mock gone), the readiness route a script waits on, --write-env, and a first line of
// one shape in every mode. Every bin runs in a process group of its own, killed after each test.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '@payments-connect/hostile-input/server-process';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/mock', 'payments-connect-mock', import.meta.url);
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const FIRST_LINE = /^Payments Connect mock listening on (http:\/\/127\.0\.0\.1:\d+)$/m;

/**
 * The command exec runs: it calls the mock at PAYMENTS_CONNECT_BASE_URL (`path`, as a client with a token and an
 * account), prints what it got as one JSON line and exits with `status`.
 */
const CALLER = `
const [status, path] = process.argv.slice(1);
const url = process.env.PAYMENTS_CONNECT_BASE_URL;
fetch(url + path, { headers: { Authorization: 'Bearer any', AccountId: '${ACCOUNT}' } })
  .then((answer) => console.log(JSON.stringify({ url, status: answer.status })))
  .finally(() => process.exit(Number(status)));
`;

/** @type {ReturnType<typeof runCommand>[]} */
const started = [];
/** @param {string[]} args */
const mockCommand = (args) => {
  const command = runCommand(BIN, args);
  started.push(command);
  return command;
};
afterEach(() => {
  for (const command of started.splice(0)) command.killGroup();
});

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-exec-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Whether nothing answers at the URL any more: the port is free. */
const refused = (/** @type {string} */ url) =>
  fetch(url).then(
    () => false,
    () => true,
  );

describe('payments-connect-mock exec -- <command>', () => {
  it.for([0, 1, 3])(
    'exits %i as its command did, the command having called the mock; then the mock is gone',
    async (status) => {
      const exec = mockCommand([
        'exec',
        '--port',
        '0',
        '--',
        process.execPath,
        '-e',
        CALLER,
        String(status),
        '/v1/rfi',
      ]);
      expect(await exec.exited).toEqual({ code: status, signal: null });
      const { stdout, stderr } = exec.output();
      // stdout is the command's own: the mock's lines went to stderr.
      const called = JSON.parse(stdout);
      expect(called).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), status: 200 });
      expect(stderr.match(FIRST_LINE)?.[1]).toBe(called.url);
      expect(stderr).not.toContain('sent no request');
      expect(await refused(called.url)).toBe(true);
      expect(exec.groupAlive()).toBe(false);
    },
  );

  it('passes SIGTERM on to the command, and exits as a shell would for a command that signal ended (143)', async () => {
    const waiting = "console.log('waiting'); setInterval(() => {}, 1000);";
    const exec = mockCommand(['exec', '--port', '0', '--', process.execPath, '-e', waiting]);
    await exec.printed(/^waiting$/m);
    process.kill(exec.pid, 'SIGTERM');
    expect(await exec.exited).toEqual({ code: 143, signal: null });
    expect(exec.output().stderr).toContain(' ended with exit status 143');
    expect(await refused(String(exec.output().stderr.match(FIRST_LINE)?.[1]))).toBe(true);
    expect(exec.groupAlive()).toBe(false);
  });

  it('says in one line that a command cannot be found, exits 127 and stops the mock', async () => {
    const exec = mockCommand(['exec', '--port', '0', '--', 'no-such-command-of-the-mock', '--flag']);
    expect((await exec.exited).code).toBe(127);
    const { stderr } = exec.output();
    const problems = stderr.split('\n').filter((line) => line.startsWith('payments-connect-mock:'));
    expect(problems).toEqual([
      'payments-connect-mock: cannot run no-such-command-of-the-mock: no such command (it runs without a shell: for ' +
        'a shell line, -- sh -c "...")',
    ]);
    expect(await refused(String(stderr.match(FIRST_LINE)?.[1]))).toBe(true);
  });

  it.for([[['exec', '--port', '0']], [['exec', '--port', '0', '--']]])(
    'refuses %j, a command missing, as a usage error',
    async ([args]) => {
      const exec = mockCommand(args);
      expect((await exec.exited).code).toBe(2);
      expect(exec.output().stderr).toMatch(
        /^payments-connect-mock: exec runs the command that follows --, as in: payments-connect-mock exec --port 0 -- /,
      );
      expect(exec.output().stderr).toContain('usage: payments-connect-mock');
    },
  );

  it('writes --write-env in the foreground before it prints its URL', async () => {
    const file = join(dir, 'foreground.env');
    const mock = mockCommand(['--port', '0', '--write-env', file]);
    const [, url] = await mock.printed(FIRST_LINE);
    expect(await readFile(file, 'utf8')).toContain(`\nPAYMENTS_CONNECT_BASE_URL=${url}\n`);
    await mock.printed(new RegExp(`^  settings written to ${file}$`, 'm'));
    process.kill(mock.pid, 'SIGTERM');
    expect((await mock.exited).code).toBe(0);
  });

  it('writes --write-env, gives the command the same settings, and says the command sent it nothing', async () => {
    const file = join(dir, 'exec.env');
    const show =
      'console.log(process.env.PAYMENTS_CONNECT_BASE_URL);' +
      "console.log(require('fs').readFileSync(process.argv[1], 'utf8'))";
    // exec after some of its options, as it is often typed: read as if it came first.
    const args = ['--port', '0', '--write-env', file, 'exec', '--', process.execPath, '-e', show, file];
    const exec = mockCommand(args);
    expect((await exec.exited).code).toBe(0);
    const [url, ...written] = exec.output().stdout.split('\n');
    expect(written.join('\n')).toBe(
      `# The Payments Connect mock's settings for ${url}\nPAYMENTS_CONNECT_BASE_URL=${url}\n\n`,
    );
    const last = exec.output().stderr.trimEnd().split('\n').at(-1) ?? '';
    expect(last.startsWith('payments-connect-mock: ')).toBe(true);
    expect(
      last.endsWith(
        ` sent no request of the API to the mock at ${url}: its tests reach it through ` +
          'PAYMENTS_CONNECT_BASE_URL (with ' +
          "vitest, globalSetup: ['@payments-connect/mock/vitest'])",
      ),
    ).toBe(true);
  });
});

describe('a validating proxy run through exec with --fail-on-violation', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let upstream;
  beforeAll(async () => {
    upstream = await startMock();
  });
  afterAll(() => upstream.stop());

  /**
   * Runs a command against a proxy to the upstream mock, and what the upstream received.
   * @param {number} status what the command exits with
   * @param {string} path what it calls
   */
  async function proxyRun(status, path) {
    upstream.clearRequests();
    const exec = mockCommand([
      'exec',
      '--port',
      '0',
      '--proxy',
      upstream.url,
      '--fail-on-violation',
      '--',
      process.execPath,
      '-e',
      CALLER,
      String(status),
      path,
    ]);
    const { code } = await exec.exited;
    return { code, output: exec.output(), forwarded: upstream.requests().map((entry) => entry.target) };
  }

  it('exits 0 for a run that kept the contract: waiting until it is up is no exchange, not forwarded', async () => {
    const { code, output, forwarded } = await proxyRun(0, '/v1/rfi');
    expect(code, output.stderr).toBe(0);
    expect(forwarded).toEqual(['/v1/rfi']);
    expect(output.stderr).toContain('proxy summary: 1 exchange(s), 0 violation(s) of the contract');
  });

  it('exits 1 when the command passed but an exchange broke the contract; as the command, when it failed', async () => {
    const passed = await proxyRun(0, '/v1/rfi/not-a-uuid');
    expect(passed.code).toBe(1);
    expect(passed.output.stderr).toMatch(/proxy summary: 1 exchange\(s\), [1-9]\d* violation\(s\) of the contract/);
    // The last line says why the run fails though its command passed.
    expect(passed.output.stderr.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(
        String.raw`^payments-connect-mock: \S+ -e .* passed, but the run fails \(exit 1\): [1-9]\d* ` +
          String.raw`violation\(s\) of the contract \(--fail-on-violation\)$`,
      ),
    );
    expect((await proxyRun(3, '/v1/rfi/not-a-uuid')).code).toBe(3);
  });

  it('prints its URL on the first line as in every mode, and the upstream on a line of its own', async () => {
    const mock = mockCommand(['--port', '0', '--proxy', upstream.url]);
    await mock.printed(/requests received: /);
    const [first, second] = mock.output().stdout.split('\n');
    expect(first).toMatch(FIRST_LINE);
    expect(second).toBe(`  a validating proxy to ${upstream.url}: every exchange is checked against the contract`);
  });
});

describe('the readiness route, GET /_mock/health', () => {
  it.for([
    ['answering from the examples', undefined],
    ['as a proxy', 'http://127.0.0.1:9'],
  ])('answers 200 %s, and is neither journaled nor forwarded', async ([, proxy]) => {
    const mock = await startMock({ proxy });
    try {
      const answer = await fetch(`${mock.url}/_mock/health`);
      expect([answer.status, await answer.json()]).toEqual([200, { status: 'ok', server: 'mock' }]);
      // Forwarded, it would have found no upstream at port 9 and been answered 502.
      expect(mock.requests()).toEqual([]);
      expect(mock.summary().exchanges).toBe(0);
    } finally {
      await mock.stop();
    }
  });
});

// payments-connect-mock, the command: serves in the foreground, refuses bad input in one line, stops when told.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const BIN = fileURLToPath(new URL('../bin/payments-connect-mock.js', import.meta.url));
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
 * Starts the bin and resolves with its URL once it prints it (or, given `printed`, the first group of that line).
 * @param {RegExp} [printed]
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string }>}
 */
function startBin(printed = /listening on (http:\/\/\S+)/) {
  const child = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(printed);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.on('close', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

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
    const { child, url } = await startBin(/docs: (http:\/\/\S+)/);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_docs$/);
      const page = await fetch(url);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.for([
    [['--bogus'], "Unknown option '--bogus'"],
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
});

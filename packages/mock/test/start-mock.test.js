import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';
import { startMock } from '../src/index.js';

const BIN = fileURLToPath(new URL('../bin/payments-connect-mock.js', import.meta.url));
/** Failures must come back well inside this: a hang would show as a test timeout instead. */
const FAILURE_DEADLINE_MS = 15_000;

/** pgrep -g: the processes left in the mock's process group (the group id is the child's pid). */
async function processesInGroup(pgid) {
  try {
    const { stdout } = await promisify(execFile)('pgrep', ['-g', String(pgid)]);
    return stdout.trim().split('\n').filter(Boolean);
  } catch (error) {
    if (error.code === 1) return []; // pgrep: nothing matched
    throw error;
  }
}

function runBin(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

it('exports what src/index.d.ts declares, without loading Prism', () => {
  expect(Object.keys(publicApi).sort()).toEqual([
    'DEFAULT_HOST',
    'DEFAULT_PORT',
    'DEFAULT_START_TIMEOUT_MS',
    'startMock',
  ]);
  // Prism loads in the child: importing the API must not cost the caller Prism's second of start-up.
  expect(Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('@stoplight'))).toEqual([]);
});

describe('startMock', () => {
  let mock;
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
  });
  afterAll(() => mock?.stop());

  it('resolves with a free port that already answers with the spec examples', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.port).toBeGreaterThan(0);
    const response = await fetch(`${mock.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'id', clientSecret: 'secret' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('refuses a port in use with a clear message, and the CLI exits non-zero', async () => {
    const started = Date.now();
    await expect(startMock({ port: mock.port })).rejects.toThrow(`port ${mock.port} on 127.0.0.1 is already in use`);
    expect(Date.now() - started).toBeLessThan(FAILURE_DEADLINE_MS);

    const { code, output } = await runBin(['--port', String(mock.port)]);
    expect(code).toBe(1);
    expect(output).toContain('already in use');
  });

  it('refuses a spec Prism rejects, through the API and the CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-mock-'));
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'openapi: 3.1.0\ninfo: [never closed\n');
    const empty = join(dir, 'empty.yaml');
    writeFileSync(empty, 'openapi: 3.1.0\ninfo: { title: empty, version: "1" }\npaths: {}\n');

    const [brokenStart, emptyStart, { code, output }] = await Promise.allSettled([
      startMock({ spec: broken }),
      startMock({ spec: empty }),
      runBin(['--port', '0', '--spec', broken]),
    ]).then((results) => [results[0], results[1], results[2].value]);
    expect(brokenStart.reason?.message).toContain(`Prism rejected the spec ${broken}`);
    expect(emptyStart.reason?.message).toContain('it has no operations');
    expect(code).toBe(1);
    expect(output).toContain('Prism rejected the spec');
  });

  it('gives up after startTimeoutMs and leaves nothing running', async () => {
    // An unusual loopback address marks this mock's command line for pgrep.
    const marker = '127.0.0.79';
    await expect(startMock({ host: marker, startTimeoutMs: 1 })).rejects.toThrow('not ready within 1 ms');
    const left = await promisify(execFile)('pgrep', ['-f', `"host":"${marker}"`]).then(
      ({ stdout }) => stdout.trim(),
      (error) => (error.code === 1 ? '' : Promise.reject(error)),
    );
    expect(left).toBe('');
  });
});

describe('stop()', () => {
  it('ends the whole process tree; nothing is left running and the port is free again', async () => {
    const mock = await startMock();
    expect(await processesInGroup(mock.pid)).toContain(String(mock.pid));

    await mock.stop();
    await mock.stop(); // twice is fine
    expect(await processesInGroup(mock.pid)).toEqual([]);
    const refused = await new Promise((resolve) => {
      http.get(mock.url, () => resolve(false)).on('error', (error) => resolve(error.code));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});

describe('payments-connect-mock CLI', () => {
  it('prints its URL and serves until SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = output.match(/listening on (http:\/\/\S+)/);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const response = await fetch(`${url}/v1/rfi`, { headers: { AccountId: 'acc', Authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('rejects a bad --port with usage help', async () => {
    const { code, output } = await runBin(['--port', 'abc']);
    expect(code).toBe(1);
    expect(output).toContain('--port must be an integer');
  });
});

describe('a caller that exits without stop()', () => {
  it('takes the mock with it', async () => {
    const script = `
      import { startMock } from ${JSON.stringify(new URL('../src/index.js', import.meta.url).href)};
      const mock = await startMock();
      console.log(mock.pid);
    `; // exits without stop(): the event loop is empty once startMock has resolved
    const pid = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) =>
        code === 0 ? resolve(Number(output.trim())) : reject(new Error(`caller exited with ${code}`)),
      );
    });
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 5_000;
    while ((await processesInGroup(pid)).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await processesInGroup(pid)).toEqual([]);
  });
});

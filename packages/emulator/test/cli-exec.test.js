// payments-connect-emulator exec: runs a command with the emulator's settings (those --write-env writes) and ends
// with it, the emulator gone and its state saved; and the readiness route a script waits on. Every bin runs in a
// process group of its own, killed after each test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '@payments-connect/hostile-input/server-process';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/emulator', 'payments-connect-emulator', import.meta.url);

/**
 * The command exec runs: it creates a case through the control API of the emulator at PAYMENTS_CONNECT_BASE_URL,
 * prints its PAYMENTS_CONNECT_* and CONFORMANCE_* variables as one JSON object and exits with `status`.
 */
const CALLER = `
const [status, rfiId] = process.argv.slice(1);
const ours = ([name]) => /^(PAYMENTS_CONNECT|CONFORMANCE)_/.test(name);
const env = Object.fromEntries(Object.entries(process.env).filter(ours));
fetch(env.PAYMENTS_CONNECT_BASE_URL + '/_emulator/rfi-cases', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ rfiId }),
})
  .then((answer) => console.log(JSON.stringify({ env, created: answer.status })))
  .finally(() => process.exit(Number(status)));
`;

const folder = mkdtempSync(join(tmpdir(), 'emulator-exec-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** @type {ReturnType<typeof runCommand>[]} */
const started = [];
afterEach(() => {
  for (const command of started.splice(0)) command.killGroup();
});

/** @param {string[]} args */
function emulatorCommand(args) {
  // Whatever the calling environment holds of these, the command must get the emulator's own.
  const env = { ...process.env, PAYMENTS_CONNECT_BASE_URL: 'http://elsewhere.invalid', CONFORMANCE_TARGET: 'mock' };
  const command = runCommand(BIN, args, { env });
  started.push(command);
  return command;
}

/** The `NAME=value` lines of an env file, as an object. */
const envFile = (/** @type {string} */ file) =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('payments-connect-emulator exec -- <command>', () => {
  it.for([0, 1, 3])(
    'exits %i as its command did, which ran with the settings --write-env writes; then it is gone',
    async (status) => {
      const file = join(folder, `exec-${status}.env`);
      const rfiId = `11111111-2222-4333-8444-55555555555${status}`;
      const args = ['exec', '--port', '0', '--write-env', file, '--', process.execPath, '-e', CALLER, String(status)];
      const exec = emulatorCommand([...args, rfiId]);
      expect(await exec.exited).toEqual({ code: status, signal: null });
      const { env, created } = JSON.parse(exec.output().stdout);
      expect(created).toBe(201);
      expect(env).toEqual(envFile(file));
      expect(env).toMatchObject({ CONFORMANCE_TARGET: 'sandbox', PAYMENTS_CONNECT_CLIENT_SECRET: expect.any(String) });
      expect(Object.keys(env).length).toBeGreaterThan(20);
      // The emulator's lines went to stderr, the first of them its URL.
      expect(exec.output().stderr.split('\n')[0]).toBe(
        `Payments Connect emulator listening on ${env.PAYMENTS_CONNECT_BASE_URL}`,
      );
      // Its calls were of the control API only: none a service's tests would make, which exec says.
      expect(exec.output().stderr).toContain(
        ` sent no request of the API to the emulator at ${env.PAYMENTS_CONNECT_BASE_URL}: its tests reach it through ` +
          "PAYMENTS_CONNECT_BASE_URL (with vitest, globalSetup: ['@payments-connect/emulator/vitest'])\n",
      );
      expect(
        await fetch(env.PAYMENTS_CONNECT_BASE_URL).then(
          () => 'answered',
          () => 'port free',
        ),
      ).toBe('port free');
      expect(exec.groupAlive()).toBe(false);
    },
  );

  it('saves the state to --save-state once the command ended', async () => {
    const file = join(folder, 'exec-state.json');
    const rfiId = '11111111-2222-4333-8444-555555555599';
    const exec = emulatorCommand([
      'exec',
      '--port',
      '0',
      '--save-state',
      file,
      '--',
      process.execPath,
      '-e',
      CALLER,
      '0',
      rfiId,
    ]);
    expect((await exec.exited).code).toBe(0);
    expect(exec.output().stderr).toContain(`State saved to ${file}\n`);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.records.rfiCases.map((/** @type {any} */ entry) => entry.record.rfiId)).toContain(rfiId);
  });
});

describe('the readiness route, GET /_emulator/health', () => {
  it('answers 200 and is not journaled', async () => {
    const emulator = await startEmulator();
    try {
      const answer = await fetch(`${emulator.url}/_emulator/health`);
      expect([answer.status, await answer.json()]).toEqual([200, { status: 'ok', server: 'emulator' }]);
      expect(emulator.requests()).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });
});

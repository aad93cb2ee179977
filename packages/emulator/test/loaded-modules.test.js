// What the package loads, seen by a module-loading hook in a process of its own: a usage error of the command, and an
// import of the package (for connectEmulator in a test file), load no contract model (which alone reads the spec) and
// no Ajv; starting an emulator loads both.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HOOK = fileURLToPath(new URL('support/loaded-modules.js', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/payments-connect-emulator.js', import.meta.url));
const ENTRY = new URL('../src/index.js', import.meta.url).href;
/** The contract model, which alone reads the spec, and the validator: what a usage error must not wait for. */
const HEAVY = [/\/contract\/src\/contract\.js$/, /\/node_modules\/(\.pnpm\/)?ajv/];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loaded-modules-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * Runs node with the hook and these arguments; the modules it loaded, and how it ended.
 * @param {string} name
 * @param {string[]} args
 */
async function loadedBy(name, args) {
  const file = join(dir, `${name}.txt`);
  const env = { ...process.env, LOADED_MODULES_FILE: file };
  const ended = await promisify(execFile)(process.execPath, ['--import', HOOK, ...args], { env }).then(
    () => ({ code: 0 }),
    (/** @type {any} */ error) => ({ code: error.code }),
  );
  const modules = (await readFile(file, 'utf8')).trim().split('\n');
  return { ...ended, modules, heavy: modules.filter((url) => HEAVY.some((pattern) => pattern.test(url))) };
}

describe('what the emulator package loads', { timeout: 60_000 }, () => {
  it('payments-connect-emulator --bogus exits 2 without loading the contract model or Ajv', async () => {
    const { code, modules, heavy } = await loadedBy('usage-error', [BIN, '--bogus']);
    expect(code).toBe(2);
    expect(modules.some((url) => url.endsWith('/contract/src/command-line.js'))).toBe(true);
    expect(heavy).toEqual([]);
  });

  it('importing the package for connectEmulator loads neither', async () => {
    const entry = JSON.stringify(ENTRY);
    const script = `const { connectEmulator } = await import(${entry}); connectEmulator('http://127.0.0.1:9');`;
    const { code, heavy } = await loadedBy('import', ['--input-type=module', '-e', script]);
    expect(code).toBe(0);
    expect(heavy).toEqual([]);
  });

  it('starting an emulator loads both: the hook sees them when they are loaded', async () => {
    const entry = JSON.stringify(ENTRY);
    const script = `const { startEmulator } = await import(${entry}); await (await startEmulator()).stop();`;
    const { code, heavy } = await loadedBy('start', ['--input-type=module', '-e', script]);
    expect(code).toBe(0);
    expect(heavy.some((url) => url.endsWith('/contract/src/contract.js'))).toBe(true);
    expect(heavy.some((url) => /ajv/.test(url))).toBe(true);
  });
});

// What the package loads, seen by a module-loading hook in a process of its own: a usage error of the command, and an
// import of the package (for connectEmulator in a test file), load no contract model (which alone reads the spec) and
// no Ajv; starting an emulator loads the model and the validators compiled at build, and still no Ajv.
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
    ({ stdout }) => ({ code: 0, stdout }),
    (/** @type {any} */ error) => ({ code: error.code, stdout: String(error.stdout) }),
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

  // The validators are compiled at build (the contract's dist/bundled-contract.js, which Node's require loads):
  // starting loads the model and them, and no Ajv, which only a schema compiled as it runs would need. Node's require
  // cache shows what require loaded, which the hook of the ES module loader does not see.
  it('starting an emulator loads the model and the validators compiled at build, and no Ajv', async () => {
    const entry = JSON.stringify(ENTRY);
    const script = [
      `const { startEmulator } = await import(${entry});`,
      'await (await startEmulator()).stop();',
      "const { createRequire } = await import('node:module');",
      "console.log(JSON.stringify(Object.keys(createRequire(process.cwd() + '/').cache)));",
    ].join(' ');
    const { code, modules, heavy, stdout } = await loadedBy('start', ['--input-type=module', '-e', script]);
    expect(code).toBe(0);
    const required = /** @type {string[]} */ (JSON.parse(stdout));
    expect(modules.some((url) => url.endsWith('/contract/src/contract.js'))).toBe(true);
    expect(required.some((path) => path.endsWith('/contract/dist/bundled-contract.js'))).toBe(true);
    expect([...heavy, ...required].filter((path) => /ajv/.test(path))).toEqual([]);
  });
});

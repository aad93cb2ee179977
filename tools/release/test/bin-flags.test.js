// The release bins read their flags as every bin of the repository does (the contract's command-line kit): an unknown
// one is a usage error naming the flag it most likely meant, before anything runs.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** @param {string} bin @param {string[]} args @returns {Promise<{ code: number, stdout: string, stderr: string }>} */
const run = (bin, args) =>
  new Promise((resolve) => {
    const file = fileURLToPath(new URL(`../bin/${bin}.js`, import.meta.url));
    execFile(process.execPath, [file, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

describe('the release bins', () => {
  it.for([
    ['spec-gate', ['--base-rev', 'v1.0.0'], "unknown option '--base-rev' (did you mean --base-ref?)"],
    ['spec-gate', ['--bogus'], "unknown option '--bogus'\n"],
    ['spec-gate', ['--consumer', 'journals'], "unknown option '--consumer' (did you mean --consumers?)"],
    ['spec-gate', ['--format', 'xml'], "--format must be text, markdown or json, got 'xml'"],
    ['spec-gate', ['--consumers', '/no/such/journals'], '--consumers: /no/such/journals does not exist'],
    ['check-spec-version', ['--rot', '.'], "unknown option '--rot' (did you mean --root?)"],
    ['version-packages', ['--roots=.'], "unknown option '--roots' (did you mean --root?)"],
    ['spec-gate', ['--root'], "Option '--root <value>' argument missing"],
    ['check-spec-version', ['--root'], "Option '--root <value>' argument missing"],
    ['version-packages', ['--root'], "Option '--root <value>' argument missing"],
  ])('%s %j: a usage error naming the problem (and the flag meant), exit 2', async ([bin, args, problem]) => {
    const { code, stderr } = await run(String(bin), /** @type {string[]} */ (args));
    expect(code).toBe(2);
    expect(stderr).toContain(`payments-connect-${bin}: ${problem}`);
    expect(stderr).toContain(`usage: payments-connect-${bin} `);
  });

  it.for(['spec-gate', 'check-spec-version', 'version-packages'])('%s --help prints the usage, exit 0', async (bin) => {
    const { code, stdout } = await run(bin, ['--help']);
    expect([code, stdout]).toEqual([0, expect.stringMatching(new RegExp(`^usage: payments-connect-${bin} `))]);
  });
});

// The release commands' command lines, run in this process as their bins run them: an unknown flag is a usage error
// naming the flag it most likely meant, and a wrong input (a --root that is not this repository, a file that is not
// there or holds no JSON, a ref that names nothing) stops the command in one line, exit 2, before anything runs. Their
// runs as processes are test/bin-flags.test.js.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommandInProcess } from '@payments-connect/repo-checks/command-in-process';
import { afterAll, describe, expect, it } from 'vitest';
import { main as checkSpecVersion } from '../bin/check-spec-version.js';
import { main as specGate } from '../bin/spec-gate.js';
import { main as versionPackages } from '../bin/version-packages.js';

const COMMANDS = { 'spec-gate': specGate, 'check-spec-version': checkSpecVersion, 'version-packages': versionPackages };

const scratch = mkdtempSync(join(tmpdir(), 'release-command-lines-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const notJson = join(scratch, 'not.json');
writeFileSync(notJson, '{ "openapi": ');
// A repository's files without its git history: the gate has no release tags to compare with.
const notCheckout = join(scratch, 'copy');
mkdirSync(join(notCheckout, 'spec'), { recursive: true });
writeFileSync(join(notCheckout, 'spec', 'package.json'), '{ "name": "@payments-connect/openapi", "version": "1.0.0" }');

/** @param {keyof typeof COMMANDS} name @param {string[]} args */
const run = (name, args) => runCommandInProcess(COMMANDS[name], args);

describe('the release commands', () => {
  it.for(
    /** @type {Array<[keyof typeof COMMANDS, string[], string]>} */ ([
      ['spec-gate', ['--base-rev', 'v1.0.0'], "unknown option '--base-rev' (did you mean --base-ref?)"],
      ['spec-gate', ['--bogus'], "unknown option '--bogus'\n"],
      ['spec-gate', ['--consumer', 'journals'], "unknown option '--consumer' (did you mean --consumers?)"],
      ['spec-gate', ['--format', 'xml'], "--format must be text, markdown or json, got 'xml'"],
      ['spec-gate', ['--consumers', '/no/such/journals'], '--consumers: /no/such/journals does not exist'],
      ['spec-gate', ['--root', scratch], `--root ${scratch}: no spec/package.json there: give the root of`],
      ['spec-gate', ['--root', '/no/such/root'], '--root /no/such/root: no such folder'],
      ['spec-gate', ['--root', notCheckout], `--root ${notCheckout}: not a git checkout: the gate compares with`],
      ['spec-gate', ['--current', '/no/such.json'], '--current /no/such.json: no such file'],
      ['spec-gate', ['--base-file', '/no/such.json'], '--base-file /no/such.json: no such file'],
      ['spec-gate', ['--base-ref', 'no-such-ref'], '--base-ref no-such-ref: no such tag, branch or commit in'],
      ['spec-gate', ['--base-file', 'a.json', '--base-ref', 'main'], 'give --base-file or --base-ref, not both'],
      ['check-spec-version', ['--rot', '.'], "unknown option '--rot' (did you mean --root?)"],
      ['check-spec-version', ['--root', scratch], `--root ${scratch}: no spec/package.json there`],
      ['version-packages', ['--roots=.'], "unknown option '--roots' (did you mean --root?)"],
      ['version-packages', ['--root', scratch], `--root ${scratch}: no spec/package.json there`],
      ['spec-gate', ['--root'], "Option '--root <value>' argument missing"],
      ['check-spec-version', ['--root'], "Option '--root <value>' argument missing"],
      ['version-packages', ['--root'], "Option '--root <value>' argument missing"],
    ]),
  )('%s %j: a usage error naming the problem, exit 2', async ([name, args, problem]) => {
    const { code, stderr } = await run(name, args);
    expect(code).toBe(2);
    expect(stderr).toContain(`payments-connect-${name}: ${problem}`);
    expect(stderr).toContain(`usage: payments-connect-${name} `);
  });

  it('spec-gate --current FILE that holds no JSON: one line, exit 2', async () => {
    const { code, stderr } = await run('spec-gate', ['--current', notJson]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^payments-connect-spec-gate: --current ${notJson} is no JSON: .+\\n$`));
  });

  it.for(Object.keys(COMMANDS))('%s --help prints the usage, exit 0', async (name) => {
    const { code, stdout } = await run(/** @type {keyof typeof COMMANDS} */ (name), ['--help']);
    expect([code, stdout]).toEqual([0, expect.stringMatching(new RegExp(`^usage: payments-connect-${name} `))]);
  });
});

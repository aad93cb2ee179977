// The release commands keep the convention of the repository's bins: --help prints the usage and exits 0; a flag
// unknown, or without its value, prints the problem, then the usage, and exits 2 before anything runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const COMMANDS = ['check-spec-version', 'spec-gate', 'version-packages'];

/** @param {string} command @param {string[]} args */
const run = (command, args) =>
  spawnSync(process.execPath, [fileURLToPath(new URL(`../bin/${command}.js`, import.meta.url)), ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  });

describe.for(COMMANDS)('%s', (command) => {
  it('prints its usage with --help, and exits 0', () => {
    const help = run(command, ['--help']);
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(new RegExp(`^usage: ${command} `));
  });

  it.for([['--bogus'], ['--root']])('refuses %j as a usage error: the problem, then the usage, exit 2', (args) => {
    const refused = run(command, args);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    const [problem, blank, usage] = refused.stderr.split('\n');
    expect(problem).toMatch(new RegExp(`^${command}: .*'${args[0]}`));
    expect([blank, usage]).toEqual(['', expect.stringMatching(new RegExp(`^usage: ${command} `))]);
  });
});

// The CI recipes of the mock's and the emulator's READMEs, run as written (the block after `<!-- recipe: ci -->`),
// here against this workspace's bins, with a test command that fails and one that passes: a recipe must end with its
// test command's status, as a CI step run by `bash -e` and as a script a reader pasted it into (plain `bash`), and
// leave nothing running. The publish round trip runs the same recipes against the published packages, with real
// tests; this runs in seconds.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../src/child-env.js';
import { groupAlive, killGroup, readmeRecipe, runShellScript } from '../src/readme-recipe.js';

const PACKAGES = new URL('../../../packages/', import.meta.url);
/** A recipe ends well within this; the limit only ends one that hangs. */
const RECIPE_TIMEOUT_MS = 120_000;

/**
 * The command a recipe runs its tests with (`npm test`, `npx payments-connect-conformance`): it says which server
 * answered at PAYMENTS_CONNECT_BASE_URL, and exits with STUB_STATUS.
 */
const STUB = `
const { appendFileSync } = require('node:fs');
const url = process.env.PAYMENTS_CONNECT_BASE_URL;
const health = (server) => fetch(url + '/_' + server + '/health').then((answer) => answer.status, () => 0);
Promise.all([health('mock'), health('emulator')]).then(([mock, emulator]) => {
  const target = process.env.CONFORMANCE_TARGET;
  const line = { command: process.argv.slice(2).join(' '), url, mock, emulator, target };
  appendFileSync(process.env.STUB_LOG, JSON.stringify(line) + '\\n');
  process.exit(Number(process.env.STUB_STATUS));
});
`;

const RECIPES = [
  { server: 'mock', readme: new URL('mock/README.md', PACKAGES), testCommand: 'npm test' },
  {
    server: 'emulator',
    readme: new URL('emulator/README.md', PACKAGES),
    testCommand: 'npx payments-connect-conformance',
  },
];

let dir = '';
/** @type {number[]} */
const scripts = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'readme-ci-recipes-'));
  const stub = join(dir, 'test-command.cjs');
  await writeFile(stub, STUB);
  // npx and npm as the recipes call them: the servers' commands are this workspace's bins, any other command the
  // stub (a script's tests: npm test, the conformance suite).
  // As published: the file each package.json's `bin` names (the bundle the build makes).
  const bin = (/** @type {string} */ name) =>
    JSON.stringify(publishedBin(`@payments-connect/${name}`, `payments-connect-${name}`, import.meta.url));
  const node = JSON.stringify(process.execPath);
  const npx = [
    '#!/bin/sh',
    'case "$1" in',
    `  payments-connect-mock) shift; exec ${node} ${bin('mock')} "$@" ;;`,
    `  payments-connect-emulator) shift; exec ${node} ${bin('emulator')} "$@" ;;`,
    `  *) exec ${node} ${JSON.stringify(stub)} npx "$@" ;;`,
    'esac',
  ];
  const npm = ['#!/bin/sh', `exec ${node} ${JSON.stringify(stub)} npm "$@"`];
  for (const [name, lines] of /** @type {const} */ ([
    ['npx', npx],
    ['npm', npm],
  ])) {
    await writeFile(join(dir, name), `${lines.join('\n')}\n`);
    await chmod(join(dir, name), 0o755);
  }
});
afterEach(() => {
  for (const pid of scripts.splice(0)) killGroup(pid);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * Runs a recipe with the stub exiting `status`, and what the stub saw.
 * @param {string} recipe
 * @param {{ status: number, errexit: boolean, log: string }} options
 */
async function runRecipe(recipe, { status, errexit, log }) {
  const env = Object.fromEntries(
    Object.entries(childEnv()).filter(([name]) => !/^(PAYMENTS_CONNECT|CONFORMANCE)_/.test(name)),
  );
  const run = await runShellScript(recipe, {
    cwd: dir,
    env: { ...env, PATH: `${dir}:${process.env.PATH}`, STUB_STATUS: String(status), STUB_LOG: log },
    timeoutMs: RECIPE_TIMEOUT_MS,
    errexit,
  });
  scripts.push(run.pid);
  const seen = await readFile(log, 'utf8').then(
    (text) =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    () => [],
  );
  return { ...run, seen };
}

describe.each(RECIPES)("the $server README's CI recipe", ({ server, readme, testCommand }) => {
  it.for(
    /** @type {Array<[string, boolean]>} */ ([
      ['bash -e', true],
      ['bash', false],
    ]),
  )(
    'ends with its test command status in %s, the server having answered it, and leaves nothing running',
    async ([shell, errexit]) => {
      const recipe = await readmeRecipe(readme, 'ci');
      for (const status of [3, 0]) {
        const log = join(dir, `${server}-${shell.replace(' ', '')}-${status}.jsonl`);
        const { code, output, pid, seen } = await runRecipe(recipe, { status, errexit, log });
        const said = `${shell}, the tests exiting ${status}:\n${output}`;
        expect({ code, alive: groupAlive(pid) }, said).toEqual({ code: status, alive: false });
        expect(seen, said).toEqual([
          {
            command: testCommand,
            url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
            mock: server === 'mock' ? 200 : 404,
            emulator: server === 'emulator' ? 200 : 404,
            ...(server === 'emulator' ? { target: 'sandbox' } : {}),
          },
        ]);
        const port = await fetch(seen[0].url).then(
          () => 'still answering',
          () => 'free',
        );
        expect(port, said).toBe('free');
      }
    },
  );
});

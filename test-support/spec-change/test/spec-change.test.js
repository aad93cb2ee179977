// A change of the spec walked as its owner walks it (CONTRIBUTING.md, "Changing the spec"), in a scratch copy of the
// repository: a required date-time `openedAt` on `RfiCase`. The lint names the examples to bring along; the build makes
// the types and the emulator's published snapshot schema, which knows the property; the type check fails naming the
// emulator's builders, and nothing else; once they give it, it passes; the snapshots' command makes them again; and
// `npm run test:quick` passes with no other edit. It prints the files the owner edited outside spec/ and the time from
// the spec edit to a green test:quick.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from '@payments-connect/publish-round-trip/src/child-env.js';
import { copyWorkspace } from '@payments-connect/publish-round-trip/src/workspace-copy.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bringExamplesAlong,
  examplesNamed,
  giveBuildersTheProperty,
  requireProperty,
  typeErrors,
} from '../src/owner-edits.js';

const WORKSPACE = fileURLToPath(new URL('../../../', import.meta.url));
/** @type {import('../src/owner-edits.js').RequiredProperty} */
const CHANGE = {
  schema: 'RfiCase',
  property: 'openedAt',
  description: 'When the case was opened.',
  example: "'2025-05-12T09:30:00.000Z'",
};
/** The builders a required property of a case is named at: the seed's (another account's case), the control API's. */
const BUILDERS = ['packages/emulator/src/model/rfi-cases.js', 'packages/emulator/src/seed.js'];
/** What a builder gives the property: the seed a time of its own, a record made now the time of its tenant's clock. */
const valueIn = (/** @type {string} */ file) =>
  file.endsWith('/seed.js') ? CHANGE.example : 'new Date(world.now()).toISOString()';
/** The changeset the owner writes. */
const CHANGESET = '.changeset/rfi-case-opened-at.md';

/** pnpm as this run was started with (npx's, when it is not on the PATH), else the one on the PATH. */
const PNPM = process.env.npm_execpath?.includes('pnpm')
  ? /\.[cm]?js$/.test(process.env.npm_execpath)
    ? [process.execPath, process.env.npm_execpath]
    : [process.env.npm_execpath]
  : ['pnpm'];

let scratch = '';
/** @type {Record<string, number>} seconds each step of the walk took */
const took = {};

/**
 * Runs a command in the scratch copy, as the owner would in a terminal; its output and exit code, and the step's time.
 * @param {string} step how the figures name it
 * @param {string[]} command
 * @param {number} timeoutMs a hang ends there; no verdict rides on it
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(step, [program, ...args], timeoutMs = 900_000) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(String(program), args, { cwd: scratch, env: childEnv(), detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => process.kill(-Number(child.pid), 'SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      took[step] = (took[step] ?? 0) + (performance.now() - started) / 1000;
      resolve({ code, output });
    });
  });
}

/** @param {{ code: number | null, output: string }} result @param {string} what */
const passed = ({ code, output }, what) => expect(code, `${what}:\n${output.slice(-4000)}`).toBe(0);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'spec-change-'));
  // The repository as it is, in a git repository of one commit; installed from pnpm's store as a clone would be (the
  // copy's links into this workspace's node_modules are dropped first: an install would write through them).
  await copyWorkspace(WORKSPACE, scratch);
  passed(await run('copy', ['git', 'clean', '-fdxq']), 'git clean');
  passed(await run('install', [...PNPM, 'install', '--prefer-offline', '--frozen-lockfile']), 'pnpm install');
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

it('a required property on RfiCase: the lint and the type check name each edit, and test:quick passes', async () => {
  const edited = performance.now();
  await requireProperty(scratch, CHANGE);

  const linted = await run('lint', [...PNPM, '--filter', '@payments-connect/openapi', 'lint']);
  const examples = examplesNamed(linted.output, CHANGE.property);
  expect(linted.code).not.toBe(0);
  expect(examples.length, linted.output.slice(-4000)).toBeGreaterThan(0);
  expect(examples.every(({ file }) => file.startsWith('spec/components/examples/'))).toBe(true);
  await bringExamplesAlong(scratch, examples, CHANGE);
  passed(await run('lint', [...PNPM, '--filter', '@payments-connect/openapi', 'lint']), 'the lint, examples along');

  passed(await run('build', [...PNPM, 'build']), 'pnpm build');
  const published = JSON.parse(await readFile(join(scratch, 'packages/emulator/dist/snapshot.schema.json'), 'utf8'));
  expect(published.$defs[CHANGE.schema].required).toContain(CHANGE.property);
  expect(published.$defs[CHANGE.schema].properties[CHANGE.property]).toEqual({ type: 'string', format: 'date-time' });

  const checked = await run('type check', [...PNPM, 'typecheck']);
  const errors = typeErrors(checked.output);
  expect(checked.code).not.toBe(0);
  expect([...new Set(errors.map((error) => error.file))].sort(), checked.output.slice(-4000)).toEqual(BUILDERS);
  for (const { message } of errors) expect(message).toContain(`'${CHANGE.property}'`);
  await giveBuildersTheProperty(scratch, errors, CHANGE.property, valueIn);
  // As the owner's editor formats on save.
  passed(await run('edits', [...PNPM, 'exec', 'biome', 'format', '--write', ...BUILDERS]), 'biome format');
  passed(await run('type check', [...PNPM, 'typecheck']), 'pnpm typecheck, the builders given the property');

  const changeset = ['---', '"@payments-connect/openapi": minor', '"@payments-connect/emulator": minor', '---', ''];
  await writeFile(join(scratch, CHANGESET), `${changeset.join('\n')}\nAn RFI case says when it was opened.\n`);
  passed(await run('snapshots', [...PNPM, '--filter', '@payments-connect/emulator', 'make-snapshots']), 'snapshots');

  const quick = await run('test:quick', ['npm', 'run', 'test:quick'], 1_800_000);
  passed(quick, 'npm run test:quick');
  expect(quick.output).toMatch(/\n\d+ passed, 0 failed/);
  const seconds = (performance.now() - edited) / 1000;

  // What the owner edited outside spec/, and what the commands made again (generated files say so first).
  const status = await run('status', ['git', 'status', '--porcelain', '--untracked-files=all']);
  const changed = status.output
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const outside = changed.filter((file) => !file.startsWith('spec/'));
  /** @type {string[]} */
  const generated = [];
  for (const file of outside)
    if ((await readFile(join(scratch, file), 'utf8')).slice(0, 400).includes('GENERATED FILE')) generated.push(file);
  const ownEdits = outside.filter((file) => !generated.includes(file));
  expect(ownEdits.sort()).toEqual([CHANGESET, ...BUILDERS].sort());
  const steps = Object.entries(took)
    .filter(([step]) => !['copy', 'install', 'edits', 'status'].includes(step))
    .map(([step, time]) => `${step} ${time.toFixed(0)} s`);
  console.log(
    `[spec change] ${CHANGE.schema}.${CHANGE.property} made required: ${ownEdits.length} files edited outside spec/ ` +
      `(${ownEdits.join(', ')}); ${generated.length} made again by commands (${generated.join(', ')}); ` +
      `${examples.length} example values brought along in spec/; from the spec edit to a green test:quick ` +
      `${seconds.toFixed(0)} s of machine time (${steps.join(', ')})`,
  );
});

#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) must work on a machine with only Node and npm: this finds
// pnpm (or runs the pinned one through npx), finds or installs what the tests need beyond npm packages (a
// Chromium for the browser tests; for the peers tier a Java for Specmatic's and the Java samples, Go and Kotlin for
// theirs), installs the workspace unless it is installed as its lockfile says, then runs the job.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH_VARIABLE, findChromium, HOW_TO_GET_CHROMIUM } from '../src/find-chromium.js';
import { findGo, GO } from '../src/find-go.js';
import { DEBIAN_JAVA_PACKAGE, findJava, HOW_TO_GET_JAVA, JAVA_HOME_VARIABLE } from '../src/find-java.js';
import {
  DEBIAN_KOTLIN_PACKAGES,
  findKotlin,
  HOW_TO_GET_KOTLIN,
  KOTLIN_HOME_VARIABLE,
  OKHTTP_CLASSPATH_VARIABLE,
} from '../src/find-kotlin.js';
import { canInstallFromDebian } from '../src/find-program.js';
import { installIsCurrent } from '../src/installed-workspace.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // "pnpm@x.y.z"
const pinnedVersion = pinned.split('@')[1];
const windows = process.platform === 'win32';

/** Every task of `npm test`: the packages' own, and the root's one-process lint and type check. */
const EVERY_TASK = ['lint', 'lint:repo', 'build', 'check', 'typecheck', 'test'];

// The test support, once the workspace is installed: a test command run so that it ends with one closing line
// (`N passed, N failed, N skipped`, every failure counted, also those that are no failed test; exit 1 for any), and
// a command run with one Chromium for all of its browser test runs.
const TEST_JOB = ['exec', 'node', 'test-support/test-run-summary/bin/run-test-job.js'];
const WITH_SHARED_CHROMIUM = ['node', 'test-support/browser-probe/bin/with-shared-chromium.js'];
/** Turbo's options for a test tier: every task's whole log, so that the closing line also counts replayed tests. */
const TIER_OPTIONS = ['--output-logs=full', '--continue'];

/**
 * What the tests need beyond npm packages, by name: `find` looks for it, `variables` name it (a choice that is the
 * user's to fix: nothing is installed in its place), `debianPackages` install it, `passAs` hands its path to the job.
 * @typedef {object} ProgramForTests
 * @property {string} label What it is for, in `[bootstrap]` lines.
 * @property {() => { path: string | undefined, reason?: string }} find
 * @property {string[]} variables
 * @property {string[]} debianPackages
 * @property {string} howToGet
 * @property {string} [passAs]
 */

/** @type {Record<'chromium' | 'java' | 'go' | 'kotlin', ProgramForTests>} */
const PROGRAMS = {
  chromium: {
    label: 'Chromium for the browser tests',
    find: findChromium,
    variables: [CHROMIUM_PATH_VARIABLE],
    debianPackages: ['chromium'],
    howToGet: HOW_TO_GET_CHROMIUM,
    passAs: CHROMIUM_PATH_VARIABLE,
  },
  java: {
    label: "Java for the peer tools' tests and the Java and Kotlin samples",
    find: findJava,
    variables: [JAVA_HOME_VARIABLE],
    debianPackages: [DEBIAN_JAVA_PACKAGE],
    howToGet: HOW_TO_GET_JAVA,
  },
  go: {
    label: 'Go for the Go samples',
    find: findGo,
    variables: [GO.homeVariable],
    debianPackages: [GO.debianPackage],
    howToGet: GO.howToGet,
  },
  kotlin: {
    label: 'the Kotlin compiler and OkHttp 3 for the Kotlin samples',
    find: findKotlin,
    variables: [KOTLIN_HOME_VARIABLE, OKHTTP_CLASSPATH_VARIABLE],
    debianPackages: DEBIAN_KOTLIN_PACKAGES,
    howToGet: HOW_TO_GET_KOTLIN,
  },
};

/**
 * Jobs by name: `steps`, pnpm argument lists run in order; `programs`, what its tests need beyond npm packages
 * (Chromium for the browser tests of docs, mock and emulator; Java, Go and Kotlin for the peers tier's).
 * @type {Record<string, { steps: string[][], programs: Array<keyof typeof PROGRAMS> }>}
 */
const JOBS = {
  // Everything a contributor or CI must see green: lint, build, type checks, every test suite but the full-size
  // stress runs, the browser tests in one Chromium.
  test: {
    steps: [[...TEST_JOB, ...WITH_SHARED_CHROMIUM, 'turbo', 'run', ...EVERY_TASK, ...TIER_OPTIONS]],
    programs: ['chromium'],
  },
  // The loop while working: lint, the type check and the unit and in-process tests of the packages that changes not
  // yet committed touch, and of the packages that depend on them. Turbo replays what did not change; with no change,
  // nothing is tested, and that passes.
  'test:quick': {
    steps: [
      [
        ...TEST_JOB,
        '--may-test-nothing',
        'turbo',
        'run',
        'lint',
        'lint:repo',
        'typecheck',
        'test:quick',
        '--filter=//',
        '--filter=...[HEAD]',
        ...TIER_OPTIONS,
      ],
    ],
    programs: [],
  },
  // The full-size runs the counts of `test` leave out (the hardening at 100 uploads a size and way, 1,000 tenants,
  // 100,000 journal entries), which CI runs after `test`.
  'test:stress': { steps: [[...TEST_JOB, 'turbo', 'run', 'test:stress', ...TIER_OPTIONS]], programs: [] },
  // The publish round trip (test-support/publish-round-trip): the release rehearsed against a local registry, the
  // packages installed with npm in a fresh project and run on Node 20, 22 and 24. It takes over a minute, so it is a
  // job of its own, which CI runs after `test` and `test:stress`.
  'test:publish': {
    steps: [[...TEST_JOB, 'turbo', 'run', 'test:publish', '--output-logs=full']],
    programs: [],
  },
  // Tools other teams run against the servers, run as those teams run them: Specmatic's contract tests from the spec's
  // examples against the emulator and the mock (test-support/specmatic), and the reference's Java, Kotlin and Go
  // samples against the mock (the mock's test:peers). JVMs, a jar of 85 MB, two compilers: a job of its own, which CI
  // runs after `test`.
  'test:peers': {
    steps: [[...TEST_JOB, 'turbo', 'run', 'test:peers', '--output-logs=full']],
    programs: ['java', 'go', 'kotlin'],
  },
  // Build everything, then serve the mock in the foreground (it prints its URL and where it serves the docs).
  start: {
    steps: [
      ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'],
      ['--filter', '@payments-connect/mock', 'start'],
    ],
    programs: [],
  },
};

/** @param {string} message */
const say = (message) => console.log(`[bootstrap] ${message}`);

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: windows, env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** @returns {[string, string[]]} */
function pnpmCommand() {
  // A pnpm of the pinned major already on PATH is used as is; anything else would rewrite the lockfile.
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: windows });
  if (probe.status === 0 && probe.stdout.trim().split('.')[0] === pinnedVersion.split('.')[0]) return ['pnpm', []];
  say(`pnpm ${pinnedVersion} not on PATH: running it through npx`);
  return ['npx', ['--yes', `pnpm@${pinnedVersion}`]];
}

/**
 * What a job's tests need beyond npm packages: found, or, what is missing, installed from Debian's packages in one
 * apt-get when this runs as root with apt-get; otherwise the job stops at once, saying how to get each.
 * @param {Array<keyof typeof PROGRAMS>} names
 * @returns {Map<keyof typeof PROGRAMS, string>} their paths
 */
function programsForTests(names) {
  /** @type {Map<keyof typeof PROGRAMS, string>} */
  const paths = new Map();
  /** @type {Map<keyof typeof PROGRAMS, string>} */
  const missing = new Map();
  for (const name of names) {
    const found = PROGRAMS[name].find();
    if (found.path !== undefined) paths.set(name, found.path);
    else missing.set(name, found.reason ?? PROGRAMS[name].howToGet);
  }
  if (missing.size === 0) return paths;
  const hasAptGet = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  // A program the user named, but that is not there, is their choice to fix: nothing is installed in its place.
  const named = [...missing.keys()].some((name) => PROGRAMS[name].variables.some((variable) => process.env[variable]));
  if (named || !canInstallFromDebian({ uid: process.getuid?.(), hasAptGet })) {
    for (const reason of missing.values()) console.error(`[bootstrap] ${reason}`);
    process.exit(1);
  }
  const packages = [...missing.keys()].flatMap((name) => PROGRAMS[name].debianPackages);
  const labels = [...missing.keys()].map((name) => PROGRAMS[name].label);
  say(`not found: ${labels.join('; ')}. Installing Debian's ${packages.join(' ')} (apt-get, a minute or more)`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    run('apt-get', ['update', '-q'], aptEnv) === 0 &&
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], aptEnv) === 0;
  for (const name of missing.keys()) {
    const path = installed ? PROGRAMS[name].find().path : undefined;
    if (path === undefined) {
      console.error(
        `[bootstrap] installing ${PROGRAMS[name].debianPackages.join(' ')} failed; ${PROGRAMS[name].howToGet}`,
      );
      process.exit(1);
    }
    paths.set(name, path);
  }
  return paths;
}

const job = Object.hasOwn(JOBS, process.argv[2] ?? '') ? JOBS[/** @type {string} */ (process.argv[2])] : undefined;
if (!job) {
  console.error(`usage: node tools/bootstrap/bin/bootstrap.js <${Object.keys(JOBS).join('|')}>`);
  process.exit(2);
}
const env = { ...process.env };
for (const [name, path] of programsForTests(job.programs)) {
  const { label, passAs } = PROGRAMS[name];
  if (passAs) env[passAs] = path;
  say(`${label}: ${path}`);
}
const [pnpm, prefix] = pnpmCommand();
let status = 0;
if (installIsCurrent(root)) say('the workspace is installed as pnpm-lock.yaml says, no manifest changed since');
else {
  say('installing the workspace (pnpm install --frozen-lockfile)');
  status = run(pnpm, [...prefix, 'install', '--frozen-lockfile']);
}
for (const args of job.steps) {
  if (status !== 0) break;
  say(`pnpm ${args.join(' ')}`);
  status = run(pnpm, [...prefix, ...args], env);
}
process.exit(status);

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runMeasured } from '../measure/run-measured.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { REPO_ROOT } from '../workspace.js';

/** The target of issue 18: `npm test` on a fresh clone, turbo's cache cold, the pnpm store warm. */
const TARGET_MS = 60_000;
/** A run this long is broken, not slow. */
const RUN_TIMEOUT_MS = 20 * 60_000;
/** The whole output of the run is read for its failures: a failed test may be printed long before the end. */
const KEPT_OUTPUT_CHARS = 64 * 1024 * 1024;
/** Lines of a failed run the report quotes: which tests and tasks failed. */
const FAILURE_LINES_SHOWN = 40;

/**
 * Section: `npm test` in a fresh clone of this repository's committed HEAD (turbo's cache cold, the pnpm store
 * warm): its wall time, its closing line and, when it fails, what failed.
 * @type {import('../section-result.js').Section}
 */
export async function benchFreshTest({ tempDir, log }) {
  const section = { id: 'fresh-test', title: '`npm test` on a fresh clone' };
  const target = '`npm test` on a fresh clone <= 60 s (turbo cache cold, install warm)';
  /** @param {number | undefined} value @param {string} [missing] */
  const targets = (value, missing) => [
    checkAtMost({ target, value, limit: TARGET_MS, format: formatDuration, missing }),
  ];
  const clone = join(tempDir, 'fresh-clone');
  const cloned = spawnSync('git', ['clone', '--quiet', REPO_ROOT, clone], { encoding: 'utf8' });
  if (cloned.status !== 0)
    return notMeasured(section, `git clone failed: ${cloned.stderr.trim()}`, targets.bind(null, undefined));
  const head = spawnSync('git', ['log', '-1', '--format=%h %s'], { cwd: clone, encoding: 'utf8' }).stdout.trim();
  log(`fresh-test: npm test in a fresh clone of ${head}`);
  // As a person types it: without the variables pnpm sets for the bench's own script (npm_*, PNPM_*, INIT_CWD).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_|INIT_CWD$)/i.test(name)),
  );
  const options = { cwd: clone, env, timeoutMs: RUN_TIMEOUT_MS, keptChars: KEPT_OUTPUT_CHARS };
  const run = await runMeasured('npm', ['test'], options);
  const lines = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`).split('\n');
  const failed = run.exitCode === 0 ? '' : ` It **failed** (exit ${run.exitCode ?? 'killed at the timeout'}):`;
  const markdown = [
    `\`npm test\` in a fresh \`git clone\` of \`${head}\` (committed work only), turbo's cache empty, the pnpm store`,
    `warm: ${formatDuration(run.wallMs)} from the spawn to its exit. Closing line: \`${closingLine(lines)}\`.${failed}`,
    ...(failed ? ['', '```', ...failureLines(lines), '```'] : []),
  ].join('\n');
  const missing = `the run failed (exit ${run.exitCode}) after ${formatDuration(run.wallMs)}`;
  return { ...section, markdown, targets: targets(run.exitCode === 0 ? run.wallMs : undefined, missing) };
}

/**
 * The run's closing line, which its test job prints last: `1909 passed, 0 failed, 17 skipped`.
 * @param {string[]} lines
 * @returns {string}
 */
export function closingLine(lines) {
  return [...lines].reverse().find((line) => /^\w*:?\s*\d+ passed, \d+ failed/.test(line)) ?? 'no closing line';
}

/**
 * The lines of a run's output that say what failed: vitest's failed tests and files, turbo's failed tasks, the
 * test job's failures that are no failed test; the first few of them.
 * @param {string[]} lines
 * @returns {string[]}
 */
export function failureLines(lines) {
  return lines
    .filter((line) => /(\s(×|FAIL)\s)|\[test-run\] failure:|^\s*Failed:\s|ERR_PNPM|AssertionError|Error: /.test(line))
    .slice(0, FAILURE_LINES_SHOWN);
}

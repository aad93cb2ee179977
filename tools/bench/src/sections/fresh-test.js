import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { childrenCpuMs, machineBusyCpuMs } from '../measure/cpu-time.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration } from '../report/units.js';
import { REPO_ROOT } from '../workspace.js';

/** The target of issue 18: `npm test` on a fresh clone, turbo's cache cold, the pnpm store warm. */
const TARGET_MS = 60_000;
const TARGET = '`npm test` on a fresh clone <= 60 s (turbo cache cold, install warm)';
/** A run this long is broken, not slow. */
const RUN_TIMEOUT_MS = 20 * 60_000;
/** The tasks the report lists, longest first. */
const TASKS_SHOWN = 12;
/** Lines of a failed run the report quotes: which tests and tasks failed. */
const FAILURE_LINES_SHOWN = 40;

/**
 * @typedef {object} TaskSpan when turbo's prefixed lines of one task (`pkg:task: ...`) first and last came
 * @property {string} task
 * @property {number} firstMs since the start of the run
 * @property {number} lastMs
 */

/**
 * Section: `npm test` in a fresh clone of this repository's committed HEAD (turbo's cache cold, the pnpm store
 * warm), its wall time, its closing line, and where the time goes: each turbo task's span, from its first line of
 * output to its last, as the run streams them.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchFreshTest({ tempDir, log }) {
  const section = { id: 'fresh-test', title: '`npm test` on a fresh clone' };
  const clone = join(tempDir, 'fresh-clone');
  const cloned = spawnSync('git', ['clone', '--quiet', REPO_ROOT, clone], { encoding: 'utf8' });
  if (cloned.status !== 0) return notMeasured(section, `git clone failed: ${cloned.stderr.trim()}`);
  const head = spawnSync('git', ['log', '-1', '--format=%h %s'], { cwd: clone, encoding: 'utf8' }).stdout.trim();
  log(`fresh-test: npm test in a fresh clone of ${head}`);
  const run = await runStreamed('npm', ['test'], { cwd: clone, timeoutMs: RUN_TIMEOUT_MS });
  log('fresh-test: npm run test:publish in the same clone (what CI runs after npm test)');
  const publish = await runStreamed('npm', ['run', 'test:publish'], { cwd: clone, timeoutMs: RUN_TIMEOUT_MS });
  const spans = taskSpans(run.lines, run.times).sort((a, b) => b.lastMs - b.firstMs - (a.lastMs - a.firstMs));
  const rows = spans
    .slice(0, TASKS_SHOWN)
    .map(({ task, firstMs, lastMs }) => [
      task,
      formatDuration(lastMs - firstMs),
      formatDuration(firstMs),
      formatDuration(lastMs),
    ]);
  const failures = [run, publish].flatMap((each) => (each.exitCode === 0 ? [] : failureLines(each.lines)));
  const timings = timingLines([...run.lines, ...publish.lines]);
  const cores = availableParallelism();
  const floor =
    run.machineCpuMs === null ? 'its CPU time divided by the cores' : formatDuration(run.machineCpuMs / cores);
  const shown = Math.min(TASKS_SHOWN, spans.length);
  const markdown = [
    `\`npm test\` in a fresh \`git clone\` of \`${head}\` (committed work only), turbo's cache empty, the pnpm store`,
    `warm: ${describeRun(run)}`,
    `The CPU the machine spent meanwhile (every process, the browser's helpers that outlive their parent included) is`,
    `what no scheduling can beat: on ${cores} cores the run cannot end in less than ${floor}.`,
    '',
    `Then \`npm run test:publish\` in the same clone (the publish round trip, which CI runs after \`npm test\`):`,
    `${describeRun(publish)} CI's whole test time: ${formatDuration(run.wallMs + publish.wallMs)}.`,
    '',
    "Where the time of `npm test` goes: each turbo task from its first line of output to its last (turbo's prefix",
    `\`pkg:task:\`), the ${shown} longest of ${spans.length}. Tasks overlap: turbo runs them`,
    'side by side.',
    '',
    markdownTable(['Task', 'Span', 'First line at', 'Last line at'], rows, { align: ['l', 'r', 'r', 'r'] }),
    ...(timings.length > 0
      ? [
          '',
          "The tasks' own timing lines (vitest's durations, the publish round trip's steps):",
          '',
          '```',
          ...timings,
          '```',
        ]
      : []),
    ...(failures.length > 0 ? ['', 'What failed, as the runs printed it:', '', '```', ...failures, '```'] : []),
  ].join('\n');
  return {
    ...section,
    markdown,
    targets: [
      freshTestTarget(
        run.exitCode === 0 ? run.wallMs : undefined,
        `the run failed (exit ${run.exitCode}) after ${formatDuration(run.wallMs)}`,
      ),
    ],
  };
}

/**
 * One sentence on a streamed run: its wall time, its CPU, its closing line, and whether it failed.
 * @param {StreamedRun} run
 */
function describeRun(run) {
  const closing =
    [...run.lines].reverse().find((line) => /^\w*:?\s*\d+ passed, \d+ failed/.test(line)) ?? 'no closing line';
  const cpu =
    run.cpuMs === null || run.machineCpuMs === null
      ? ''
      : `, ${formatDuration(run.cpuMs)} of CPU in the processes it waited for, ${formatDuration(run.machineCpuMs)} ` +
        'on the whole machine';
  const failed = run.exitCode !== 0 ? ` It **failed** (exit ${run.exitCode ?? 'killed at the timeout'}).` : '';
  return `${formatDuration(run.wallMs)} from the spawn to its exit${cpu}. Closing line: \`${closing}\`.${failed}`;
}

/**
 * The verdict on the fresh clone's `npm test`.
 * @param {number | undefined} wallMs undefined when there is no figure
 * @param {string} missing why there is none
 */
function freshTestTarget(wallMs, missing) {
  return checkAtMost({ target: TARGET, value: wallMs, limit: TARGET_MS, format: formatDuration, missing });
}

/**
 * @param {{ id: string, title: string }} section
 * @param {string} reason
 */
function notMeasured(section, reason) {
  return {
    ...section,
    markdown: `Not measured: ${reason}`,
    targets: [freshTestTarget(undefined, reason)],
  };
}

/**
 * @typedef {object} StreamedRun
 * @property {number | null} exitCode
 * @property {number} wallMs
 * @property {number | null} cpuMs user + system time of the processes the run waited for (null without /proc)
 * @property {number | null} machineCpuMs the machine's busy CPU time meanwhile, every process (null without /proc)
 * @property {string[]} lines its output, stdout and stderr
 * @property {number[]} times when each line came, in ms since the spawn
 */

/**
 * A counter read now, and a function that says how much it grew since (null where the counter cannot be read).
 * @param {() => number | null} read
 * @returns {() => number | null}
 */
function counterFrom(read) {
  const before = read();
  return () => {
    const after = read();
    return before === null || after === null ? null : after - before;
  };
}

/**
 * Runs a command, keeping each line of its output (stdout and stderr) with the time it came.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number }} options
 * @returns {Promise<StreamedRun>}
 */
function runStreamed(command, args, { cwd, timeoutMs }) {
  const started = performance.now();
  const cpuSince = counterFrom(childrenCpuMs);
  const machineSince = counterFrom(machineBusyCpuMs);
  // As a person types it: without the variables pnpm sets for the bench's own script (npm_*, PNPM_*, INIT_CWD).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_|INIT_CWD$)/i.test(name)),
  );
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {string[]} */
  const lines = [];
  /** @type {number[]} */
  const times = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(stripVTControlCharacters(line));
      times.push(performance.now() - started);
    });
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    } catch {}
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      resolve({ exitCode: code, wallMs, cpuMs: cpuSince(), machineCpuMs: machineSince(), lines, times });
    });
  });
}

/**
 * The lines of a run's output that say what failed: vitest's failed tests and files, turbo's failed tasks, the
 * bootstrap's failures that are no failed test; the first few of them.
 * @param {string[]} lines
 * @returns {string[]}
 */
export function failureLines(lines) {
  return lines
    .filter((line) => /(\s(×|FAIL)\s)|\[bootstrap\] failure:|^\s*Failed:\s|ERR_PNPM|AssertionError|Error: /.test(line))
    .slice(0, FAILURE_LINES_SHOWN);
}

/**
 * The lines in which tasks time themselves: vitest's `Duration` of each test task, and the publish round trip's
 * `[round trip] <step>: N s`.
 * @param {string[]} lines
 * @returns {string[]}
 */
export function timingLines(lines) {
  return lines.filter((line) => /:test:\s+Duration\s|\[round trip\]/.test(line)).map((line) => line.trim());
}

/**
 * Each turbo task's span in a run's output, from lines prefixed `pkg:task: `.
 * @param {string[]} lines
 * @param {number[]} times when each line came
 * @returns {TaskSpan[]}
 */
export function taskSpans(lines, times) {
  /** @type {Map<string, TaskSpan>} */
  const spans = new Map();
  lines.forEach((line, index) => {
    const task = /^(@?[\w./-]+:[\w:-]+?): /.exec(line)?.[1];
    if (!task) return;
    const at = /** @type {number} */ (times[index]);
    const span = spans.get(task);
    if (span) span.lastMs = at;
    else spans.set(task, { task, firstMs: at, lastMs: at });
  });
  return [...spans.values()];
}

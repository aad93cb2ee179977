import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { summarize } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRange } from '../report/units.js';
import { REPO_ROOT } from '../workspace.js';

/** A build that takes longer than this is broken, not slow. */
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Colour codes would only get in the way of reading turbo's summary line. */
const PLAIN_OUTPUT_ENV = { NO_COLOR: '1', FORCE_COLOR: '0', TURBO_TELEMETRY_DISABLED: '1' };

/**
 * Section: `pnpm build` as a user types it, cold (turbo `--force`: its cache bypassed) and warm (no change: every task
 * a cache hit), against the warm-build target of the issue.
 * @type {import('../section-result.js').Section}
 */
export async function benchPipeline({ runs, log }) {
  const env = { ...process.env, ...PLAIN_OUTPUT_ENV };
  const builds = [
    { name: 'Cold `pnpm build` (turbo `--force`: cache bypassed)', args: ['--force'], count: runs.coldBuild },
    { name: 'Warm `pnpm build` (no change)', args: [], count: runs.warmBuild, warm: true },
  ];
  const rows = [];
  /** @type {number | undefined} */
  let warmMs;
  let failure = 'the warm build did not complete';
  for (const { name, args, count, warm } of builds) {
    const walls = [];
    const cached = [];
    // A warm build is by definition a full cache hit: a run that rebuilt something (a file changed meanwhile) is left
    // out of the median and replaced, up to twice as many attempts as runs.
    for (let attempt = 0; walls.length < count && attempt < 2 * count; attempt += 1) {
      log(`pipeline: ${name} ${walls.length + 1}/${count}`);
      const run = await runMeasured('pnpm', ['run', 'build', ...args], {
        cwd: REPO_ROOT,
        env,
        timeoutMs: BUILD_TIMEOUT_MS,
      });
      const cache = turboCacheSummary(run.stdout);
      if (run.exitCode !== 0) {
        failure = describeFailure(run);
        break;
      }
      if (warm && !cache.full) continue;
      walls.push(run.wallMs);
      cached.push(cache.text);
    }
    const wall = walls.length === count ? summarize(walls) : undefined;
    if (warm) warmMs = wall?.median;
    rows.push(
      wall ? [name, formatDuration(wall.median), formatRange(wall), cached.join(', ')] : [name, 'failed', '', ''],
    );
  }
  const markdown = [
    'Wall time of the whole build as a user types it. "Cached" is turbo\'s own count for each run; a warm run that',
    'was not a full cache hit (a file changed meanwhile) is left out and replaced.',
    '',
    markdownTable(['Build', 'Median', 'Range (runs)', 'Cached (turbo, per run)'], rows, {
      align: ['l', 'r', 'l', 'l'],
    }),
  ].join('\n');
  const target = checkAtMost({
    target: 'Warm build <= 1 s (`pnpm build`, no change)',
    value: warmMs,
    limit: 1000,
    format: formatDuration,
    missing: failure,
  });
  return { id: 'pipeline', title: 'Pipeline', markdown, targets: [target] };
}

/**
 * Turbo's "Cached: N cached, M total" line as "N/M", and whether every task was a cache hit.
 * @param {string} output
 * @returns {{ text: string, full: boolean }} text "?" and full false when the output has no such line
 */
export function turboCacheSummary(output) {
  const match = /Cached:\s+(\d+) cached, (\d+) total/.exec(output);
  return match ? { text: `${match[1]}/${match[2]}`, full: match[1] === match[2] } : { text: '?', full: false };
}

import { join } from 'node:path';
import { describeFailure, runMeasured, runScriptMeasured } from '../measure/run-measured.js';
import { summarize } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatBytes, formatDuration, formatRuns } from '../report/units.js';
import { packageScript, REPO_ROOT, WORKSPACE_DIRS } from '../workspace.js';

/** The warm-build target of the issue. */
const WARM_BUILD_TARGET_MS = 1000;
/** A build that takes longer than this is broken, not slow. */
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Colour codes would only get in the way of reading turbo's summary lines. */
const PLAIN_OUTPUT_ENV = { NO_COLOR: '1', FORCE_COLOR: '0', TURBO_TELEMETRY_DISABLED: '1' };

/** The stages of the pipeline, each the package script that runs it. */
export const PIPELINE_STAGES = [
  { stage: 'Lint', tool: 'redocly lint with the payments-connect plugin', dir: WORKSPACE_DIRS.spec, script: 'lint' },
  { stage: 'Bundle', tool: 'redocly bundle to YAML and JSON', dir: WORKSPACE_DIRS.spec, script: 'build' },
  { stage: 'Types', tool: 'openapi-typescript, then tsc to .d.ts', dir: WORKSPACE_DIRS.types, script: 'build' },
  { stage: 'Client build', tool: 'tsup: ESM, CJS and .d.ts', dir: WORKSPACE_DIRS.client, script: 'build' },
  { stage: 'Docs', tool: 'one self-contained HTML page', dir: WORKSPACE_DIRS.docs, script: 'build' },
];

/**
 * Section 1: cold `pnpm build` (turbo --force, its cache bypassed), warm `pnpm build` (no change, every task
 * a cache hit), and each stage's own script timed separately.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchPipeline({ runs, log }) {
  const env = { ...process.env, ...PLAIN_OUTPUT_ENV };
  const turbo = join(REPO_ROOT, 'node_modules', '.bin', 'turbo');
  const builds = [
    {
      name: 'Cold `pnpm build` (turbo `--force`: cache bypassed)',
      command: 'pnpm',
      args: ['run', 'build', '--force'],
      count: runs.coldBuild,
    },
    {
      name: 'Warm `pnpm build` (no change)',
      command: 'pnpm',
      args: ['run', 'build'],
      count: runs.warmBuild,
      requireFullHit: true,
      isWarmTarget: true,
    },
    {
      name: 'Warm `turbo run build` (the same, without pnpm start-up)',
      command: turbo,
      args: ['run', 'build'],
      count: runs.warmBuild,
      requireFullHit: true,
    },
    // How much of the warm build is pnpm itself starting, before turbo runs at all.
    {
      name: '`pnpm --version` (pnpm start-up alone, for reference)',
      command: 'pnpm',
      args: ['--version'],
      count: runs.warmBuild,
    },
  ];

  const buildRows = [];
  let warmPnpm;
  for (const build of builds) {
    const walls = [];
    const cached = [];
    let excluded = 0;
    let failure;
    // A warm build is by definition a full cache hit: a run that rebuilt something (a file changed meanwhile)
    // is left out of the median and replaced, up to twice as many attempts as runs.
    for (let attempt = 0; walls.length < build.count && attempt < 2 * build.count && !failure; attempt += 1) {
      log(`pipeline: ${build.name} ${walls.length + 1}/${build.count}`);
      const result = await runMeasured(build.command, build.args, { cwd: REPO_ROOT, env, timeoutMs: BUILD_TIMEOUT_MS });
      if (result.exitCode !== 0) failure = describeFailure(result);
      const cache = build.args.includes('build') ? turboCacheSummary(result.stdout) : undefined;
      if (build.requireFullHit && !cache?.full) {
        excluded += 1;
        continue;
      }
      walls.push(result.wallMs);
      if (cache) cached.push(cache.text);
    }
    if (failure || walls.length === 0) {
      buildRows.push([build.name, `failed: ${failure ?? `no full cache hit in ${2 * build.count} attempts`}`, '', '']);
      continue;
    }
    const wall = summarize(walls);
    if (build.isWarmTarget) warmPnpm = wall.median;
    const exclusions = excluded > 0 ? ` (${excluded} more left out: not a full cache hit)` : '';
    buildRows.push([
      build.name,
      formatDuration(wall.median),
      `${formatDuration(wall.min)} to ${formatDuration(wall.max)} (${formatRuns(wall.count)})`,
      (cached.join(', ') || 'n/a') + exclusions,
    ]);
  }

  const stageRows = [];
  for (const { stage, tool, dir, script } of PIPELINE_STAGES) {
    const command = packageScript(dir, script);
    const where = `${dir.slice(REPO_ROOT.length + 1)} \`${script}\``;
    if (!command) {
      stageRows.push([stage, tool, where, `not measured: ${where} does not exist`, '', '']);
      continue;
    }
    const walls = [];
    const peaks = [];
    let failure;
    for (let run = 0; run < runs.stage && !failure; run += 1) {
      log(`pipeline: ${stage} ${run + 1}/${runs.stage}`);
      const binDirs = [join(dir, 'node_modules', '.bin'), join(REPO_ROOT, 'node_modules', '.bin')];
      const result = await runScriptMeasured(command, { cwd: dir, binDirs, timeoutMs: BUILD_TIMEOUT_MS });
      if (result.exitCode !== 0) failure = describeFailure(result);
      walls.push(result.wallMs);
      if (result.peakRssBytes !== null) peaks.push(result.peakRssBytes);
    }
    if (failure) {
      stageRows.push([stage, tool, where, `failed: ${failure}`, '', '']);
      continue;
    }
    const wall = summarize(walls);
    const peak = peaks.length > 0 ? formatBytes(Math.max(...peaks)) : 'not measured';
    stageRows.push([
      stage,
      tool,
      where,
      formatDuration(wall.median),
      `${formatDuration(wall.min)} to ${formatDuration(wall.max)} (${wall.count})`,
      peak,
    ]);
  }

  const markdown = [
    'Wall time of the whole build as a user types it, then each stage run on its own (its package script, run',
    "as `pnpm run` would but without pnpm's start-up). Lint is not part of `pnpm build`; it is timed here",
    'because CI runs it on every change. "Cached" is turbo\'s own count for each run; a warm run that was not a',
    'full cache hit (a file changed meanwhile) is left out and replaced.',
    '',
    markdownTable(['Build', 'Median', 'Range', 'Cached (turbo, per run)'], buildRows, { align: ['l', 'r', 'l', 'l'] }),
    '',
    markdownTable(['Stage', 'What runs', 'Script', 'Median', 'Range (runs)', 'Peak memory'], stageRows, {
      align: ['l', 'l', 'l', 'r', 'l', 'r'],
    }),
  ].join('\n');

  return {
    id: 'pipeline',
    title: 'Pipeline',
    markdown,
    targets: [
      checkAtMost({
        target: 'Warm build <= 1 s (`pnpm build`, no change)',
        value: warmPnpm,
        limit: WARM_BUILD_TARGET_MS,
        format: formatDuration,
        missing: 'the warm build did not complete',
      }),
    ],
  };
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

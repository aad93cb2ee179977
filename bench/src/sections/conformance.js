import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { summarize } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRange } from '../report/units.js';
import { WORKSPACE_DIRS } from '../workspace.js';

/** The target of issue 18: a whole conformance run against the mock. */
const TARGET_MS = 3000;
const BIN = 'bin/payments-connect-conformance.js';
const RUN_TIMEOUT_MS = 5 * 60_000;

/**
 * Section: wall time of the whole conformance suite against the mock (`payments-connect-conformance` with
 * `CONFORMANCE_TARGET=mock`: the mock's start, every test, the coverage check), as other teams' CI runs it.
 * @type {import('../section-result.js').Section}
 */
export async function benchConformance({ runs, log }) {
  const walls = [];
  let tests = '';
  let failure;
  // The run's reports go to a folder of the bench's own, not into the package's working tree.
  const reports = await mkdtemp(join(tmpdir(), 'bench-conformance-'));
  try {
    for (let run = 0; run < runs.conformance && !failure; run += 1) {
      log(`conformance: run ${run + 1}/${runs.conformance}`);
      const result = await runMeasured(process.execPath, [BIN], {
        cwd: WORKSPACE_DIRS.conformance,
        env: { ...process.env, CONFORMANCE_TARGET: 'mock', CONFORMANCE_REPORTS_DIR: reports, NO_COLOR: '1' },
        timeoutMs: RUN_TIMEOUT_MS,
      });
      if (result.exitCode !== 0) failure = describeFailure(result);
      walls.push(result.wallMs);
      tests = /^\s*Tests\s+(\d+ passed.*)$/m.exec(stripVTControlCharacters(result.stdout))?.[1]?.trim() ?? tests;
    }
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
  const wall = failure ? undefined : summarize(walls);
  const markdown = wall
    ? [
        '`payments-connect-conformance` with `CONFORMANCE_TARGET=mock` in a child process: vitest, the mock started by',
        `the suite's global setup, every test, the coverage check. Wall time from spawn to exit. Tests: ${tests}.`,
        '',
        markdownTable(
          ['Run', 'Median', 'Range (runs)'],
          [['conformance suite against the mock', formatDuration(wall.median), formatRange(wall)]],
          { align: ['l', 'r', 'l'] },
        ),
      ].join('\n')
    : `Not measured: the run failed: ${failure}`;
  const target = checkAtMost({
    target: `Conformance against the mock <= ${TARGET_MS / 1000} s`,
    value: wall?.median,
    limit: TARGET_MS,
    format: formatDuration,
    missing: failure,
  });
  return { id: 'conformance', title: 'Conformance suite against the mock', markdown, targets: [target] };
}

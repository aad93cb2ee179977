// Turbo runs one vitest per package; CI reads one closing line for the whole run. This adds up the
// "Tests  N failed | N passed | N skipped (N)" lines that each vitest prints (replayed ones from cache too).

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const TESTS_LINE = /^\s*(?:\S+:\s*)?Tests\s+(.+?)\s+\(\d+\)\s*$/;
const COUNT = /(\d+) (passed|failed|skipped|todo)/g;

/**
 * Adds up vitest's per-run "Tests" summary lines found in `output`.
 * @param {string} output combined stdout of the test run
 * @returns {{ passed: number, failed: number, skipped: number, runs: number }}
 */
export function summarizeVitestOutput(output) {
  const total = { passed: 0, failed: 0, skipped: 0, runs: 0 };
  for (const raw of output.split('\n')) {
    const match = TESTS_LINE.exec(raw.replace(ANSI, ''));
    if (!match) continue;
    total.runs += 1;
    for (const [, n, kind] of match[1].matchAll(COUNT)) {
      if (kind === 'todo') total.skipped += Number(n);
      else total[kind] += Number(n);
    }
  }
  return total;
}

/**
 * The coverage of a run: which documented operation x status pairs the suite exercised, and by which tests.
 */

/** The report's file name, in the reports folder (see `reportsDir()`). */
export const COVERAGE_REPORT_FILE = 'coverage-report.md';

/**
 * @typedef {object} StatusCoverage
 * @property {string} status
 * @property {string[]} tests names of the tests that exercised it (`file › describe › test`), sorted
 *
 * @typedef {object} OperationCoverage
 * @property {string} operationId
 * @property {string} request `METHOD /path`
 * @property {StatusCoverage[]} statuses every documented status, in spec order
 */

/**
 * @param {{ operationId: string, method: string, path: string, responses: { status: string }[] }[]} operations
 * @param {import('./coverage-ledger.js').LedgerEntry[]} entries
 */
export function computeCoverage(operations, entries) {
  /** @type {Map<string, Set<string>>} */
  const testsByPair = new Map();
  for (const entry of entries) {
    if (entry.kind !== 'exercised') continue;
    const key = `${entry.operationId} ${entry.status}`;
    const tests = testsByPair.get(key) ?? new Set();
    tests.add(entry.test ?? '(no test name recorded)');
    testsByPair.set(key, tests);
  }
  /** @type {OperationCoverage[]} */
  const rows = operations.map((operation) => ({
    operationId: operation.operationId,
    request: `${operation.method} ${operation.path}`,
    statuses: operation.responses.map((r) => ({
      status: r.status,
      tests: [...(testsByPair.get(`${operation.operationId} ${r.status}`) ?? [])].sort(),
    })),
  }));
  const documentedPairs = rows.reduce((sum, row) => sum + row.statuses.length, 0);
  const gaps = rows.flatMap((row) =>
    row.statuses.filter((s) => s.tests.length === 0).map((s) => `${row.operationId} ${s.status}`),
  );
  return {
    rows,
    /** operation x status pairs: those the spec documents, those the suite exercised */
    pairs: { documented: documentedPairs, exercised: documentedPairs - gaps.length },
    exercisedAnswers: entries.filter((e) => e.kind === 'exercised').length,
    untestedOperations: rows
      .filter((row) => row.statuses.every((s) => s.tests.length === 0))
      .map((row) => row.operationId),
    gaps,
    skipped: /** @type {{ kind: 'skipped', test: string, reason: string }[]} */ (
      entries.filter((e) => e.kind === 'skipped')
    ),
  };
}

/**
 * The report as Markdown: an operation x status table (✔ exercised, ✘ documented but not exercised, blank: not
 * documented), then per operation the tests that exercised each status, then the tests skipped on this target.
 * @param {ReturnType<typeof computeCoverage>} coverage
 * @param {{ target: string, webhooks: string[] }} context
 */
export function renderCoverageReport(coverage, { target, webhooks }) {
  const statuses = [...new Set(coverage.rows.flatMap((row) => row.statuses.map((s) => s.status)))].sort();
  const lines = [
    `# Conformance coverage (target: ${target})`,
    '',
    `${coverage.pairs.exercised} of ${coverage.pairs.documented} documented operation x status pairs exercised; ` +
      `${coverage.rows.length - coverage.untestedOperations.length} of ${coverage.rows.length} operations tested.`,
    '',
    `| Operation | Request | ${statuses.join(' | ')} |`,
    `|---|---|${statuses.map(() => '---').join('|')}|`,
    ...coverage.rows.map((row) => {
      /** @param {string} status */
      const cell = (status) => {
        const found = row.statuses.find((s) => s.status === status);
        if (!found) return '';
        return found.tests.length > 0 ? '✔' : '✘';
      };
      const link = `[\`${row.operationId}\`](#${row.operationId.toLowerCase()})`;
      return `| ${link} | \`${row.request}\` | ${statuses.map(cell).join(' | ')} |`;
    }),
    '',
    '✔ exercised and valid against the spec · ✘ documented, not exercised · blank: not documented',
    '',
  ];
  if (webhooks.length > 0) {
    lines.push(`Webhooks (${webhooks.join(', ')}) are sent by the service, not served by it: outside this suite.`, '');
  }
  lines.push('## Tests per operation and status', '');
  for (const row of coverage.rows) {
    lines.push(`### ${row.operationId}`, '', `\`${row.request}\``, '', '| Status | Tests |', '|---|---|');
    for (const { status, tests } of row.statuses) {
      lines.push(`| ${status} | ${tests.length > 0 ? tests.map((t) => `\`${t}\``).join('<br>') : '✘ none'} |`);
    }
    lines.push('');
  }
  lines.push(`## Skipped on this target (${coverage.skipped.length})`, '');
  if (coverage.skipped.length === 0) lines.push('None.');
  for (const { test, reason } of [...coverage.skipped].sort((a, b) => a.test.localeCompare(b.test))) {
    lines.push(`- ${test}: ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

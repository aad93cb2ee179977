/**
 * The coverage of a run: which documented operation x status pairs the suite exercised.
 */

/**
 * @param {import('./spec-document.js').SpecOperation[]} operations
 * @param {import('./coverage-ledger.js').LedgerEntry[]} entries
 */
export function computeCoverage(operations, entries) {
  const exercised = new Set(entries.filter((e) => e.kind === 'exercised').map((e) => `${e.operationId} ${e.status}`));
  const rows = operations.map((operation) => ({
    operationId: operation.operationId,
    request: `${operation.method} ${operation.path}`,
    statuses: operation.responses.map((r) => ({ status: r.status, exercised: exercised.has(`${operation.operationId} ${r.status}`) })),
  }));
  return {
    rows,
    untestedOperations: rows.filter((row) => row.statuses.every((s) => !s.exercised)).map((row) => row.operationId),
    gaps: rows.flatMap((row) => row.statuses.filter((s) => !s.exercised).map((s) => `${row.operationId} ${s.status}`)),
    skipped: entries.filter((e) => e.kind === 'skipped'),
  };
}

/**
 * The report as Markdown: an operation x status table (✔ exercised, ✘ documented but not exercised,
 * blank: not documented), then the tests skipped on this target with their reasons.
 * @param {ReturnType<typeof computeCoverage>} coverage
 * @param {{ target: string, webhooks: string[] }} context
 */
export function renderCoverageReport(coverage, { target, webhooks }) {
  const statuses = [...new Set(coverage.rows.flatMap((row) => row.statuses.map((s) => s.status)))].sort();
  const pairs = coverage.rows.reduce((sum, row) => sum + row.statuses.length, 0);
  const lines = [
    `# Conformance coverage (target: ${target})`,
    '',
    `${pairs - coverage.gaps.length} of ${pairs} documented operation x status pairs exercised; ` +
      `${coverage.rows.length - coverage.untestedOperations.length} of ${coverage.rows.length} operations tested.`,
    '',
    `| Operation | Request | ${statuses.join(' | ')} |`,
    `|---|---|${statuses.map(() => '---').join('|')}|`,
    ...coverage.rows.map((row) => {
      const cell = (status) => {
        const found = row.statuses.find((s) => s.status === status);
        return found ? (found.exercised ? '✔' : '✘') : '';
      };
      return `| \`${row.operationId}\` | \`${row.request}\` | ${statuses.map(cell).join(' | ')} |`;
    }),
    '',
    '✔ exercised and valid against the spec · ✘ documented, not exercised · blank: not documented',
    '',
  ];
  if (webhooks.length > 0) {
    lines.push(`Webhooks (${webhooks.join(', ')}) are sent by the service, not served by it: outside this suite.`, '');
  }
  lines.push(`## Skipped on this target (${coverage.skipped.length})`, '');
  if (coverage.skipped.length === 0) lines.push('None.');
  for (const { test, reason } of [...coverage.skipped].sort((a, b) => a.test.localeCompare(b.test))) lines.push(`- ${test}: ${reason}`);
  return `${lines.join('\n')}\n`;
}

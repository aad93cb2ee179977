/**
 * @typedef {object} CoverageCell one documented operation x status pair of the coverage report's table
 * @property {string} operationId
 * @property {string} status
 * @property {boolean} covered ✔ in the table (✘: documented, not exercised)
 */

/**
 * Reads the operation x status table of a coverage report (`renderCoverageReport`), as a reader of the Markdown sees
 * it: one cell per documented pair, blank cells (not documented) left out.
 * @param {string} report
 * @returns {CoverageCell[]}
 */
export function readCoverageTable(report) {
  const lines = report.split('\n');
  const headerIndex = lines.findIndex((line) => line.startsWith('| Operation | Request |'));
  if (headerIndex < 0) throw new Error('no operation x status table in the coverage report');
  const statuses = cells(String(lines[headerIndex])).slice(2);
  /** @type {CoverageCell[]} */
  const found = [];
  // The rows follow the header and its separator, up to the first line that is no table row.
  for (let index = headerIndex + 2; index < lines.length && lines[index]?.startsWith('|'); index += 1) {
    const [operation = '', , ...marks] = cells(String(lines[index]));
    const operationId = /`([^`]+)`/.exec(operation)?.[1] ?? operation;
    marks.forEach((mark, column) => {
      if (mark) found.push({ operationId, status: String(statuses[column]), covered: mark === '✔' });
    });
  }
  return found;
}

/** @param {string} row a Markdown table row */
const cells = (row) =>
  row
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());

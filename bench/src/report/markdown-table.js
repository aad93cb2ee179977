/**
 * A GitHub-flavoured markdown table. Cells are text; `|` inside a cell is escaped so a cell cannot break
 * the row. `align` gives each column's alignment ('l' or 'r'; numbers read best right-aligned).
 * @param {string[]} header
 * @param {ReadonlyArray<ReadonlyArray<unknown>>} rows
 * @param {{ align?: string[] }} [options] each column `l` or `r`
 * @returns {string}
 */
export function markdownTable(header, rows, { align = [] } = {}) {
  const line = (/** @type {ReadonlyArray<unknown>} */ cells) =>
    `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  const rule = header.map((_, index) => (align[index] === 'r' ? '---:' : '---'));
  return [line(header), `|${rule.join('|')}|`, ...rows.map((row) => line(row))].join('\n');
}

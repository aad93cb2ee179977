/**
 * @typedef {import('./visitor-types.js').Location} Location
 * @typedef {import('./visitor-types.js').VisitorContext} VisitorContext
 */

/**
 * Wraps `ctx.report` so that one problem at one place is reported once. Components shared by many
 * operations (a path-level parameter, a response in `components/responses`) would otherwise be
 * reported once per operation that uses them.
 * @returns {(ctx: VisitorContext, problem: { message: string, location: Location }) => void}
 */
export function createReportOnce() {
  /** @type {Set<string>} */
  const reported = new Set();
  return (ctx, problem) => {
    const { source, pointer, reportOnKey } = problem.location;
    const key = `${source.absoluteRef}#${pointer}|${Boolean(reportOnKey)}|${problem.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    ctx.report(problem);
  };
}

/**
 * @typedef {object} TargetResult
 * @property {string} target what the issue asks, e.g. "Warm build <= 1 s"
 * @property {string} measured the figure of this run, or why there is none
 * @property {'pass' | 'miss' | 'not measured'} verdict
 */

/**
 * One measured figure and the target it is held to. A missing figure (null, undefined, NaN) is "not measured" with
 * its reason, never a pass.
 * @typedef {object} TargetCheck
 * @property {string} target the target as the report states it
 * @property {number | null | undefined} value
 * @property {number} limit the last value that still passes
 * @property {(value: number) => string} format
 * @property {string} [missing] why there is no figure
 */

/**
 * Checks a figure against a ceiling of the issue.
 * @param {TargetCheck} check
 * @returns {TargetResult}
 */
export function checkAtMost(check) {
  return judge(check, (value) => value <= check.limit);
}

/**
 * Checks a figure against a floor of the issue (a share that must be reached, say).
 * @param {TargetCheck} check
 * @returns {TargetResult}
 */
export function checkAtLeast(check) {
  return judge(check, (value) => value >= check.limit);
}

/**
 * @param {TargetCheck} check
 * @param {(value: number) => boolean} passes
 * @returns {TargetResult}
 */
function judge({ target, value, format, missing = 'no figure' }, passes) {
  if (value === null || value === undefined || Number.isNaN(value)) return checkObserved(target, null, missing);
  return { target, measured: format(value), verdict: passes(value) ? 'pass' : 'miss' };
}

/**
 * A target whose outcome is a yes/no observation (e.g. "the mock starts on the 1,000-operation spec").
 * @param {string} target
 * @param {boolean | null} passed null when not measured
 * @param {string} measured what was observed, or why nothing was
 * @returns {TargetResult}
 */
export function checkObserved(target, passed, measured) {
  if (passed === null) return { target, measured: `not measured: ${measured}`, verdict: 'not measured' };
  return { target, measured, verdict: passed ? 'pass' : 'miss' };
}

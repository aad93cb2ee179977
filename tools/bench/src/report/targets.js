/**
 * @typedef {object} TargetResult
 * @property {string} target what the issue asks, e.g. "Warm build <= 1 s"
 * @property {string} measured the figure of this run, or why there is none
 * @property {'pass' | 'miss' | 'not measured'} verdict
 */

/**
 * Checks one measured figure against a target of the issue. A missing figure is "not measured" with its
 * reason, never a pass.
 * @param {object} options
 * @param {string} options.target the target as the report states it
 * @param {number | null | undefined} options.value the measured figure
 * @param {number} options.limit the value that still passes
 * @param {(value: number) => string} options.format how to print the figure
 * @param {string} [options.missing] why there is no figure, when value is null or undefined
 * @returns {TargetResult}
 */
export function checkAtMost({ target, value, limit, format, missing = 'no figure' }) {
  if (value === null || value === undefined || Number.isNaN(value)) {
    return { target, measured: `not measured: ${missing}`, verdict: 'not measured' };
  }
  return { target, measured: format(value), verdict: value <= limit ? 'pass' : 'miss' };
}

/**
 * Checks one measured figure against a floor of the issue (a ratio that must reach a share, say). A missing figure is
 * "not measured" with its reason, never a pass.
 * @param {object} options
 * @param {string} options.target the target as the report states it
 * @param {number | null | undefined} options.value the measured figure
 * @param {number} options.limit the lowest value that still passes
 * @param {(value: number) => string} options.format how to print the figure
 * @param {string} [options.missing] why there is no figure, when value is null or undefined
 * @returns {TargetResult}
 */
export function checkAtLeast({ target, value, limit, format, missing = 'no figure' }) {
  if (value === null || value === undefined || Number.isNaN(value)) {
    return { target, measured: `not measured: ${missing}`, verdict: 'not measured' };
  }
  return { target, measured: format(value), verdict: value >= limit ? 'pass' : 'miss' };
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

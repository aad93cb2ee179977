/**
 * The median of a list of numbers (the mean of the two middle values for an even count).
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Summary of repeated measurements: the median and the range, with how many there were, so a report can
 * say "median of 5 (min-max)".
 * @param {number[]} values
 * @returns {{ median: number, min: number, max: number, count: number }}
 */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), count: values.length };
}

/**
 * The middle half of a list of numbers: its first and third quartiles (interpolated between neighbours), so a report
 * can say how far repeated rounds spread around their median without the outliers a busy machine adds.
 * @param {number[]} values
 * @returns {{ low: number, high: number }}
 */
export function middleHalf(values) {
  if (values.length === 0) throw new RangeError('middle half of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ quantile) => {
    const position = (sorted.length - 1) * quantile;
    const below = Math.floor(position);
    const above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
  };
  return { low: at(0.25), high: at(0.75) };
}

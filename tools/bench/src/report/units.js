/**
 * A duration for a reader: microseconds under 1 ms, milliseconds under 1 s, seconds above (three
 * significant digits up to 100 s).
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : ms < 100_000 ? 1 : 0)} s`;
}

/**
 * A size in bytes, in KiB/MiB above 1 KiB (1 KiB = 1024 bytes, as size-limit counts "4 KB").
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/**
 * A ratio such as `1.08x`.
 * @param {number} ratio
 * @returns {string}
 */
export function formatRatio(ratio) {
  return `${ratio.toFixed(2)}x`;
}

/**
 * A share as a percentage, such as `42.1 %`: how a server compares with the bare one.
 * @param {number} share
 * @returns {string}
 */
export function formatShare(share) {
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * A count with thousands separators (`5,000`), as the report writes operation counts and rates.
 * @param {number} count
 * @returns {string}
 */
export function formatCount(count) {
  return Math.round(count).toLocaleString('en-US');
}

/**
 * How many runs a figure is over: "1 run", "3 runs".
 * @param {number} count
 * @returns {string}
 */
export function formatRuns(count) {
  return `${count} ${count === 1 ? 'run' : 'runs'}`;
}

// How the report prints figures: the unit a reader expects, three significant digits.

/**
 * A duration: microseconds under 1 ms, milliseconds under 1 s, seconds above.
 * @param {number} ms
 */
export function formatDuration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : ms < 100_000 ? 1 : 0)} s`;
}

/**
 * The spread of repeated timings: "1.02 s to 1.10 s (3)", the last figure being how many there were.
 * @param {{ min: number, max: number, count: number }} summary
 */
export function formatRange({ min, max, count }) {
  return `${formatDuration(min)} to ${formatDuration(max)} (${count})`;
}

/**
 * A size in bytes, in KiB/MiB above 1 KiB (1 KiB = 1024 bytes, as size-limit counts "4 KB").
 * @param {number} bytes
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/**
 * A ratio such as `1.08x`.
 * @param {number} ratio
 */
export function formatRatio(ratio) {
  return `${ratio.toFixed(2)}x`;
}

/**
 * A share as a percentage, such as `42.1 %`: how a server compares with the bare one.
 * @param {number} share
 */
export function formatShare(share) {
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * A count with thousands separators (`5,000`), as the report writes operation counts and rates.
 * @param {number} count
 */
export function formatCount(count) {
  return Math.round(count).toLocaleString('en-US');
}

import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Asks `check` until it gives something other than undefined: at most `attempts` times, `intervalMs` apart, and
 * within `withinMs` in all, for a condition another process brings about. The bound only ends a wait that would never
 * end: what is awaited normally comes within a small part of it.
 * @template T
 * @param {string} what the condition, for the error
 * @param {() => Promise<T | undefined>} check
 * @param {{ attempts?: number, intervalMs?: number, withinMs?: number }} [bounds]
 * @returns {Promise<T>}
 */
export async function waitUntil(what, check, { attempts = 600, intervalMs = 50, withinMs = 30_000 } = {}) {
  const deadline = performance.now() + withinMs;
  for (let attempt = 0; attempt < attempts && performance.now() < deadline; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(intervalMs);
  }
  throw new Error(`${what}: not within ${attempts} checks and ${withinMs} ms`);
}

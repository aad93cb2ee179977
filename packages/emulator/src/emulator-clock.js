import { validationFailed } from './refusals.js';

/** The longest one move of a clock: a year, far past any lifetime the emulator keeps (a token, a session). */
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

/** @typedef {{ now: string, advancedSeconds: number }} ClockReading what a clock says: its time, how far it moved */

/**
 * The emulator's clock: the time it lives by, which a test moves forward instead of waiting. It runs with the time it
 * is given (the machine's, unless `startEmulator({ now })` names another) plus every move made so far. Each tenant's
 * clock is this one plus the moves made in that tenant alone (`tenant-worlds.js`), so that moving one tenant's time
 * never expires another's token.
 * @param {() => number} source epoch milliseconds
 */
export function createEmulatorClock(source) {
  let offsetMs = 0;
  const now = () => source() + offsetMs;
  return {
    now,
    /**
     * What a clock says whose own moves are `ownMs` beyond this one's (0: this one).
     * @param {number} [ownMs]
     * @returns {ClockReading}
     */
    reading: (ownMs = 0) => ({
      now: new Date(now() + ownMs).toISOString(),
      advancedSeconds: (offsetMs + ownMs) / 1000,
    }),
    /** How far it has been moved, in milliseconds (a snapshot holds it; a restore sets it). */
    get advancedMs() {
      return offsetMs;
    },
    set advancedMs(ms) {
      offsetMs = ms;
    },
  };
}

/**
 * A move of a clock in milliseconds, checked (400 otherwise): the clock never runs backwards, or an expired token would
 * live again. @param {unknown} seconds a number of seconds, from 0 to a year; fractions are fine @returns {number}
 */
export function clockMoveMs(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
    throw validationFailed(`advanceSeconds must be a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}`);
  return Math.round(seconds * 1000);
}

/** @typedef {ReturnType<typeof createEmulatorClock>} EmulatorClock */

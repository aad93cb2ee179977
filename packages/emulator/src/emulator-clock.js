import { RefusalError } from '@payments-connect/contract/server';

/** The longest one move of the clock: a year, far past any lifetime the emulator keeps (a token, a session). */
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

/**
 * The emulator's clock: the time it lives by (an issued token's expiry, a refreshed payment session's hour, the
 * time of an event), which a test moves forward instead of waiting. It runs with the time it is given (the
 * machine's, unless `startEmulator({ now })` names another) plus every move made so far.
 * @param {() => number} source epoch milliseconds
 */
export function createEmulatorClock(source) {
  let offsetMs = 0;
  const now = () => source() + offsetMs;
  /** What the clock says: its time, and how far it has been moved. */
  const describe = () => ({ now: new Date(now()).toISOString(), advancedSeconds: offsetMs / 1000 });
  return {
    now,
    describe,
    /**
     * Moves the clock forward.
     * @param {unknown} seconds a number of seconds, from 0 to a year; fractions are fine
     * @throws {RefusalError} 400 for anything else: the clock never runs backwards, or an expired token would live
     *   again
     */
    advance(seconds) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
        throw new RefusalError(400, `advanceSeconds must be a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}`);
      offsetMs += Math.round(seconds * 1000);
      return describe();
    },
    /** How far it has been moved, for a snapshot of the emulator's state. */
    get advancedMs() {
      return offsetMs;
    },
    /** @param {number} ms */
    set advancedMs(ms) {
      offsetMs = ms;
    },
  };
}

/** @typedef {ReturnType<typeof createEmulatorClock>} EmulatorClock */

/**
 * The vitest tag of a test that has the target answer a documented error status it cannot be led to otherwise (429,
 * 500) by injecting a fault through the emulator's control API. Not a `behaviour` test: it proves the shape of an
 * answer, not a behaviour of the interface document, and a real sandbox without that API skips it with a reason and
 * still passes. `--tags-filter='!fault-injection'` leaves these out; the JSON report shows which ran.
 */
export const FAULT_INJECTION_TAG = 'fault-injection';

/** The tag as declared in vitest.config.ts (vitest refuses tags that are not declared). */
export const FAULT_INJECTION_TAG_DEFINITION = {
  name: FAULT_INJECTION_TAG,
  description:
    'a documented error status (429, 500) injected through the emulator control API: runs where GET /_emulator ' +
    'answers, skipped elsewhere',
};

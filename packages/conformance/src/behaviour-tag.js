/**
 * The vitest tag that marks a behaviour test of the interface document: a test that only a server with
 * state can prove (a CLOSED case refuses a write, an expired token is refused, ...). It runs in sandbox
 * mode and is skipped on the stateless mock. A sandbox run (e.g. against @payments-connect/emulator)
 * reads the JSON report and checks that every test with this tag passed, none skipped; vitest's
 * `--tags-filter=behaviour` runs only them.
 */
export const BEHAVIOUR_TAG = 'behaviour';

/** The tag as declared in vitest.config.ts (vitest refuses tags that are not declared). */
export const BEHAVIOUR_TAG_DEFINITION = {
  name: BEHAVIOUR_TAG,
  description:
    'a behaviour of the interface document that needs a server with state: runs in sandbox mode, skipped on the mock',
};

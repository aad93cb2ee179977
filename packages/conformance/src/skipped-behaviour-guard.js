import { BEHAVIOUR_TAG } from './behaviour-tag.js';

/** Set to `1` (the bin's `--allow-skipped-behaviour`) to accept a sandbox run that skipped behaviour tests. */
export const ALLOW_SKIPPED_BEHAVIOUR_VARIABLE = 'CONFORMANCE_ALLOW_SKIPPED_BEHAVIOUR';
/** The start of the note a test skipped for a missing fixture carries (see `fixtures()` in test-context.js). */
export const MISSING_FIXTURE_NOTE = 'needs sandbox fixture ';

/**
 * A vitest reporter that fails a sandbox run in which a behaviour test of the interface document was skipped
 * because a fixture was not set: such a run proved less than it seems to (green, with the behaviour untested).
 * The caller may accept that on purpose with `CONFORMANCE_ALLOW_SKIPPED_BEHAVIOUR=1`. A reporter, not a test,
 * so that it holds for runs filtered to a few files too.
 */
export class SkippedBehaviourGuard {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    if (process.env.CONFORMANCE_TARGET !== 'sandbox' || process.env[ALLOW_SKIPPED_BEHAVIOUR_VARIABLE] === '1') return;
    /** @type {{ test: string, variables: string }[]} */
    const skipped = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (!test.tags.includes(BEHAVIOUR_TAG) || result.state !== 'skipped') continue;
        if (!result.note?.startsWith(MISSING_FIXTURE_NOTE)) continue;
        skipped.push({ test: test.fullName, variables: result.note.slice(MISSING_FIXTURE_NOTE.length) });
      }
    }
    if (skipped.length === 0) return;
    const lines = skipped.map(({ test, variables }) => `  ${test}\n    needs ${variables}`);
    console.error(
      `\nError: ${skipped.length} behaviour test(s) of the interface document were skipped for a missing sandbox ` +
        `fixture, so this run did not prove them:\n${lines.join('\n')}\n` +
        'Set the fixtures (see the @payments-connect/conformance README), or pass --allow-skipped-behaviour ' +
        `(${ALLOW_SKIPPED_BEHAVIOUR_VARIABLE}=1) to accept the gap.`,
    );
    process.exitCode = 1;
  }
}

export default SkippedBehaviourGuard;

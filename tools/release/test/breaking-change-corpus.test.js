// The breaking-change corpus: base/revision pairs modelled on oasdiff's rule catalogue, each with the verdict this
// gate must reach, the rule that must say so, and why. Where this repository's policy differs from oasdiff's level
// on purpose, the pair says why in `difference` (and README.md's rule table says it too).
import { describe, expect, it } from 'vitest';
import { CHANGE_RULES } from '../src/spec-changes/change-rules.js';
import { breakingChangeCorpus as corpus, describeAgreement, judgePair } from './corpus/breaking-change-corpus.js';

/** Words a message must not show a consumer: leaked absent values and the classifier's own vocabulary. */
const UNREADABLE = /undefined|\[object|NaN|boolean schema|valuesDecidedAbove|value domain/;

const results = corpus.map(judgePair);

describe('the breaking-change corpus', () => {
  it('has at least 150 pairs, each with a unique id and a reason', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((p) => p.id)).size).toBe(corpus.length);
    expect(corpus.filter((p) => !p.why)).toEqual([]);
  });

  it('prints its agreement', () => {
    console.log(describeAgreement(results));
    expect(results.filter((r) => !r.agrees).map((r) => r.pair.id)).toEqual([]);
  });

  it.each(results)('$pair.id', ({ pair, changes, verdict }) => {
    const found = changes.map((c) => `${c.kind} ${c.rule} | ${c.location}: ${c.message}`);
    expect(verdict, found.join('\n')).toBe(pair.verdict);
    if (pair.rule === null) expect(found).toEqual([]);
    else expect(changes.map((c) => c.rule)).toContain(pair.rule);
  });

  it('expects of each pair a rule whose level is the verdict', () => {
    const mismatched = corpus.filter((p) => p.rule !== null && CHANGE_RULES[p.rule] !== p.verdict);
    expect(mismatched.map((p) => p.id)).toEqual([]);
  });

  it("agrees with oasdiff's level, except where a pair says why it differs", () => {
    const modelled = corpus.filter((p) => p.level !== undefined);
    const unexplained = modelled.filter((p) => !p.difference && (p.level !== 'INFO') !== (p.verdict === 'breaking'));
    const stale = modelled.filter((p) => p.difference && (p.level !== 'INFO') === (p.verdict === 'breaking'));
    expect(unexplained.map((p) => p.id)).toEqual([]);
    expect(stale.map((p) => p.id)).toEqual([]);
    expect(corpus.filter((p) => p.oasdiff === 'none' && p.level !== undefined).map((p) => p.id)).toEqual([]);
  });

  it('has a pair for every rule the classifier can report', () => {
    const expected = new Set(corpus.map((p) => p.rule));
    expect(Object.keys(CHANGE_RULES).filter((rule) => !expected.has(/** @type {any} */ (rule)))).toEqual([]);
  });

  it('words every message for a reader: no absent value, no internal term', () => {
    const unreadable = results.flatMap((r) => r.changes).filter((c) => !c.message || UNREADABLE.test(c.message));
    expect(unreadable).toEqual([]);
  });
});

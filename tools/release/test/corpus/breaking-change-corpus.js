import { compareSpecs } from '../../src/spec-changes/compare-specs.js';
import { operationPairs } from './operation-pairs.js';
import { parameterPairs } from './parameter-pairs.js';
import { requestBodyPairs } from './request-body-pairs.js';
import { requestPropertyPairs } from './request-property-pairs.js';
import { responsePairs } from './response-pairs.js';
import { responsePropertyPairs } from './response-property-pairs.js';
import { schemaKeywordPairs } from './schema-keyword-pairs.js';
import { securityPairs } from './security-pairs.js';

/** @typedef {import('./corpus-document.js').CorpusPair} CorpusPair */

/** Every pair of the corpus, family by family. */
export const breakingChangeCorpus = [
  ...operationPairs,
  ...securityPairs,
  ...parameterPairs,
  ...requestBodyPairs,
  ...requestPropertyPairs,
  ...responsePairs,
  ...responsePropertyPairs,
  ...schemaKeywordPairs,
];

/**
 * The line the corpus test prints: how many pairs agree, how many are breaking, how many differ from oasdiff.
 * @param {ReturnType<typeof judgePair>[]} results
 */
export function describeAgreement(results) {
  const breaking = results.filter((r) => r.pair.verdict === 'breaking').length;
  return (
    `breaking-change corpus: ${results.filter((r) => r.agrees).length} of ${results.length} pairs agree ` +
    `(${breaking} breaking, ${results.length - breaking} non-breaking); ` +
    `${results.filter((r) => r.pair.difference).length} deliberate differences from oasdiff's levels`
  );
}

/**
 * What the gate decides on a pair, and whether that is what the pair expects: the same verdict, and the expected
 * rule among the changes (or, for a pair whose documents mean the same, no change at all).
 * @param {CorpusPair} pair
 */
export function judgePair(pair) {
  const changes = compareSpecs(pair.base, pair.revision);
  const verdict = changes.some((c) => c.kind === 'breaking') ? 'breaking' : 'non-breaking';
  const ruleFound = pair.rule === null ? changes.length === 0 : changes.some((c) => c.rule === pair.rule);
  return { pair, changes, verdict, agrees: verdict === pair.verdict && ruleFound };
}

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 */

/**
 * Lists each example value of a parameter once. The spec gives a parameter one named example per exchange of its
 * operation, so that tools pair the parts of an exchange by name (`AccountId` one for each, `rfiId` one for each case
 * an exchange acts on); Redoc lists them all, the open case twice under the `rfiId` of an RFI write and the account
 * four times under its `AccountId`. The docs' copy keeps the first name of each distinct value, in document order, so
 * the first example (the one the samples and the console use) stays first. Mutates the contract's document; call it
 * after whatever reads the named examples (the samples, the console's model).
 * @param {Contract} contract The contract of a copy of the bundled document.
 * @returns {string[]} The parameters shortened, as `in:name`, once each.
 */
export function showDistinctParameterExamples(contract) {
  /** @type {Set<unknown>} */
  const seen = new Set();
  /** @type {string[]} */
  const shortened = [];
  for (const entry of contract.operations) {
    for (const { name, in: location, parameter, examples } of entry.parameters) {
      if (seen.has(parameter) || !parameter.examples) continue;
      seen.add(parameter);
      /** @type {Set<string>} */
      const values = new Set();
      const kept = Object.entries(parameter.examples).filter(([exampleName]) => {
        const value = JSON.stringify(examples[exampleName]);
        if (values.has(value)) return false;
        values.add(value);
        return true;
      });
      if (kept.length === Object.keys(parameter.examples).length) continue;
      parameter.examples = Object.fromEntries(kept);
      shortened.push(`${location}:${name}`);
    }
  }
  return shortened;
}

// Counts how the named examples of a bundled document pair by name, as Microcks-style tools pair them (see
// src/named-examples.js). Run: node test/count-paired-examples.js [bundled-document.json] [--list]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledDocumentPath, createContract, loadDocumentFile } from '../src/contract.js';

/**
 * @typedef {object} PairingCount
 * @property {number} operations
 * @property {number} examples every named example of every operation
 * @property {number} complete its parameters, body and response all carry the name
 * @property {number} responseOnly an error response example no request part names: a refusal whose condition no
 *   parameter value can state (a missing token, a rate limit, a body that breaks its schema)
 * @property {number} incomplete some request part names it, another does not, or no response does
 * @property {string[]} problems `operationId example: problem` for each example that does not pair
 */

/**
 * @param {import('../src/contract.js').Contract} contract
 * @returns {PairingCount}
 */
export function countPairedExamples(contract) {
  const count = { operations: contract.operations.length, examples: 0, complete: 0, responseOnly: 0, incomplete: 0 };
  /** @type {string[]} */
  const problems = [];
  for (const operation of contract.operations) {
    for (const named of contract.namedExamples(operation)) {
      count.examples += 1;
      if (named.problems.length === 0) count.complete += 1;
      else if (isRefusalOnly(named)) count.responseOnly += 1;
      else {
        count.incomplete += 1;
        problems.push(`${operation.operationId} ${named.name}: ${named.problems.join('; ')}`);
      }
    }
  }
  return { ...count, problems };
}

/**
 * An error example that no request part names. A success example without one is incomplete: the tools cannot
 * reach it.
 * @param {import('../src/contract.js').NamedExample} named
 */
function isRefusalOnly(named) {
  return named.parameters.length === 0 && !named.body && Number(named.response?.status) >= 400;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? bundledDocumentPath();
  const count = countPairedExamples(createContract(loadDocumentFile(path)));
  console.log(
    `${path}: ${count.examples} named examples across ${count.operations} operations; ` +
      `${count.complete} pair completely, ${count.incomplete} incomplete, ` +
      `${count.responseOnly} response-only (refusals no request example can state)`,
  );
  if (process.argv.includes('--list')) for (const problem of count.problems) console.log(`  ${problem}`);
}

import { meantName } from '@payments-connect/contract/fetch';
import { bundledContract } from './bundled-contract.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractResponse} ContractResponse
 * @typedef {import('./example-statuses.js').ExampleStatuses} ExampleStatuses
 */

/**
 * A builder of one named example: a copy of the example's record, the properties given in place of its own, checked
 * against the contract.
 * @template T
 * @typedef {(overrides?: Partial<T>) => T} FixtureBuilder
 */

/**
 * The named response examples of the contract as typed builders, by operation and example name
 * (`fixtures.getRfiCase.closedCase({ rfiId })`), each typed as the body of the status its example sits on.
 * @typedef {{ [Id in keyof ExampleStatuses]: { [Name in keyof ExampleStatuses[Id]]:
 *   FixtureBuilder<import('./operation-types.js').ResponseBody<Id, ExampleStatuses[Id][Name] & number>> } }} Fixtures
 */

/**
 * A fixture that cannot be built as asked: a property the record's schema does not document, or a record that breaks
 * the contract once the overrides are in. Its message names the fixture, the property and the rule, and what the
 * contract wants instead.
 */
export class FixtureError extends TypeError {
  /**
   * @param {string} fixture the builder, as called (`fixtures.getRfiCase.closedCase`)
   * @param {string} problem what is wrong, and what would be right
   */
  constructor(fixture, problem) {
    super(`${fixture}: ${problem}`);
    this.name = 'FixtureError';
    this.fixture = fixture;
    this.problem = problem;
  }
}

/**
 * The builders of every named response example of the contract. A builder returns a fresh copy each call (a test may
 * change it), its overrides spread over the example's own properties, and holds the result to the schema of its
 * response: a record the contract would refuse is never handed out.
 * @param {Contract} contract
 * @returns {Fixtures}
 */
export function createFixtures(contract) {
  /** @type {Record<string, Record<string, FixtureBuilder<unknown>>>} */
  const fixtures = {};
  for (const operation of contract.operations) {
    /** @type {Record<string, FixtureBuilder<unknown>>} */
    const builders = {};
    for (const response of operation.responses) {
      for (const name of response.exampleNames) {
        // A name under two statuses is the first's, as `Prefer: example=NAME` finds it.
        if (!Object.hasOwn(builders, name)) builders[name] = exampleBuilder(contract, operation, response, name);
      }
    }
    if (Object.keys(builders).length > 0) fixtures[operation.operationId] = Object.freeze(builders);
  }
  return /** @type {Fixtures} */ (/** @type {unknown} */ (Object.freeze(fixtures)));
}

/**
 * The spec's named response examples as typed builders, by operation and example name:
 * `fixtures.getRfiCase.closedCase({ rfiId })` is a copy of the closed case with that id, checked against the contract
 * (a `FixtureError` when it breaks it).
 */
export const fixtures = createFixtures(bundledContract());

/**
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {ContractResponse} response
 * @param {string} name
 * @returns {FixtureBuilder<unknown>}
 */
function exampleBuilder(contract, operation, response, name) {
  const label = `fixtures.${operation.operationId}.${name}`;
  const media = response.response.content?.['application/json'];
  const example = contract.dereference(media?.examples?.[name]).node?.value;
  const documented = documentedProperties(contract, media?.schema);
  return (overrides) => {
    const record = structuredClone(example);
    if (overrides === undefined) return record;
    if (!isRecord(overrides))
      throw new FixtureError(label, `overrides are an object of the record's properties, got ${describe(overrides)}`);
    if (!isRecord(record)) throw new FixtureError(label, `the example is ${describe(record)}: it has no properties`);
    for (const property of Object.keys(overrides)) {
      if (documented === undefined || documented.includes(property) || Object.hasOwn(record, property)) continue;
      const meant = meantName(property, documented);
      throw new FixtureError(
        label,
        `${property} is no property the contract documents for this record` +
          `${meant ? ` (did you mean ${meant}?)` : ''}; it documents ${documented.join(', ')}. ` +
          'To add one of your own, spread the fixture: { ...fixture(), extra }',
      );
    }
    const built = { ...record, ...overrides };
    const verdict = contract.validateResponse(operation, {
      status: Number(response.status),
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify(built),
      value: built,
    });
    const violations = verdict.problems.flatMap((problem) => problem.violations).filter((v) => v.location === 'body');
    if (violations.length > 0) {
      const named = violations.map(
        ({ name: place, rule, message }) => `${place || 'the record'} (${rule}): ${message}`,
      );
      throw new FixtureError(
        label,
        `the record breaks the contract (${operation.operationId} ${response.status}): ${named.join('; ')}`,
      );
    }
    return built;
  };
}

/**
 * The properties a schema documents, its `allOf` members' among them; undefined when it lists none (any goes).
 * @param {Contract} contract
 * @param {unknown} schema
 * @returns {string[] | undefined}
 */
function documentedProperties(contract, schema) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} node */
  const collect = (node) => {
    const resolved = contract.dereference(node).node;
    for (const name of Object.keys(resolved?.properties ?? {})) names.add(name);
    for (const member of resolved?.allOf ?? []) collect(member);
  };
  if (schema !== undefined) collect(schema);
  return names.size > 0 ? [...names] : undefined;
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {unknown} value */
function describe(value) {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

import { loadContract } from '@payments-connect/contract';

/** Any credentials do: the mock checks only that a bearer token is present. */
const MOCK_CLIENT_ID = 'conformance-suite';
const MOCK_CLIENT_SECRET = 'conformance-suite-secret';

/**
 * The target object for the mock at `baseUrl`. The mock keeps no state, so every id is the example the spec
 * gives its path parameter, and the account is the example of `AccountId`.
 * @param {string} baseUrl
 * @returns {import('./conformance-session.js').ConformanceTarget}
 */
export function mockTarget(baseUrl) {
  /** @type {Record<string, string>} */
  const examples = {};
  for (const operation of loadContract().operations) {
    for (const parameter of operation.parameters) {
      if (parameter.example !== undefined) examples[parameter.name] ??= String(parameter.example);
    }
  }
  const accountId = examples.AccountId;
  if (accountId === undefined) throw new Error('the spec gives no example of the AccountId header');
  return {
    kind: 'mock',
    baseUrl,
    clientId: MOCK_CLIENT_ID,
    clientSecret: MOCK_CLIENT_SECRET,
    accountId,
    parameterExamples: examples,
    fixtures: {},
  };
}

import { dereference, loadBundledSpec, specOperations } from './spec-document.js';

/** Any credentials do: the mock checks only that a bearer token is present. */
const MOCK_CLIENT_ID = 'conformance-suite';
const MOCK_CLIENT_SECRET = 'conformance-suite-secret';

/**
 * The target object for the mock at `baseUrl`. The mock keeps no state, so every id is the example
 * the spec gives its path parameter, and the account is the example of `AccountId`.
 * @param {string} baseUrl
 */
export function mockTarget(baseUrl) {
  const spec = loadBundledSpec();
  const examples = {};
  for (const { operation, path, method } of specOperations(spec)) {
    for (const raw of [...(spec.paths[path].parameters ?? []), ...(operation.parameters ?? [])]) {
      const { node } = dereference(spec, raw, `${path} ${method}`);
      if (node.example !== undefined) examples[node.name] ??= node.example;
    }
  }
  return {
    kind: 'mock',
    baseUrl,
    clientId: MOCK_CLIENT_ID,
    clientSecret: MOCK_CLIENT_SECRET,
    accountId: examples.AccountId,
    parameterExamples: examples,
    fixtures: {},
  };
}

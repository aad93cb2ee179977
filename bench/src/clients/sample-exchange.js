import { loadContract } from '@payments-connect/contract';
import { TOKEN_PATH } from './answer-exchange.js';

/** The request every client and server is measured on: GET an RFI case, a read every integration polls. */
export const SAMPLE_PATH_TEMPLATE = '/v1/rfi/{rfiId}';
/** Account of the calls; any string passes. */
export const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/**
 * @typedef {object} SampleExchange
 * @property {string} rfiId the case id of the example
 * @property {string} path the request path with the id filled in
 * @property {Record<string, string>} headers of the request: the bearer token and `AccountId` (the mock checks that
 *   they are there, not their value)
 * @property {string} caseBody the JSON body of the 200 answer (the spec's first named example)
 * @property {string} tokenBody the JSON body of the token answer (the spec's token example)
 * @property {string} accessToken
 */

/**
 * The exchange every client and server is measured on, taken from the bundled spec so the bodies are the ones the
 * mock serves: the first named example of GET /v1/rfi/{rfiId} 200 and the token example.
 * @returns {SampleExchange}
 */
export function loadSampleExchange() {
  const contract = loadContract();
  /** @param {string} method @param {string} path */
  const firstExample = (method, path) => {
    const operation = contract.operations.find((o) => o.method === method && o.path === path);
    const response = operation?.responses.find((r) => r.status === '200');
    const named = response?.response.content['application/json'].examples[response.exampleNames[0] ?? ''];
    if (!named) throw new Error(`${method} ${path} 200 has no named example`);
    return contract.dereference(named).node.value;
  };
  const caseExample = firstExample('GET', SAMPLE_PATH_TEMPLATE);
  const tokenExample = firstExample('POST', TOKEN_PATH);
  return {
    rfiId: caseExample.rfiId,
    path: SAMPLE_PATH_TEMPLATE.replace('{rfiId}', caseExample.rfiId),
    headers: {
      authorization: `Bearer ${tokenExample.access_token}`,
      accountid: ACCOUNT_ID,
      accept: 'application/json',
    },
    caseBody: JSON.stringify(caseExample),
    tokenBody: JSON.stringify(tokenExample),
    accessToken: tokenExample.access_token,
  };
}

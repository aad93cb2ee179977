import { readFileSync } from 'node:fs';
import { BUNDLED_SPEC_JSON } from '../workspace.js';

/** The request every client sends: GET an RFI case, a read every integration polls. */
export const SAMPLE_PATH_TEMPLATE = '/v1/rfi/{rfiId}';
/** The token path of the spec (the client fetches a token through it before its first call). */
export const TOKEN_PATH = '/auth/token';
/** Account of the calls; any string passes. */
export const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/**
 * @typedef {object} SampleExchange
 * @property {string} rfiId the case id of the example
 * @property {string} path the request path with the id filled in
 * @property {string} caseBody the JSON body of the 200 answer (the spec's first named example)
 * @property {string} tokenBody the JSON body of the token answer (the spec's token example)
 * @property {string} accessToken
 */

/**
 * The exchange every client is measured on, taken from the bundled spec so the bodies are the ones the mock
 * serves: the first named example of GET /v1/rfi/{rfiId} 200 and the token example.
 * @returns {SampleExchange}
 */
export function loadSampleExchange() {
  const spec = JSON.parse(readFileSync(BUNDLED_SPEC_JSON, 'utf8'));
  const caseExample = firstExample(spec, spec.paths[SAMPLE_PATH_TEMPLATE].get.responses['200']);
  const tokenExample = firstExample(spec, spec.paths[TOKEN_PATH].post.responses['200']);
  const rfiId = caseExample.rfiId;
  return {
    rfiId,
    path: SAMPLE_PATH_TEMPLATE.replace('{rfiId}', rfiId),
    caseBody: JSON.stringify(caseExample),
    tokenBody: JSON.stringify(tokenExample),
    accessToken: tokenExample.access_token,
  };
}

function firstExample(spec, response) {
  const named = Object.values(response.content['application/json'].examples)[0];
  const example = named.$ref ? resolvePointer(spec, named.$ref) : named;
  return example.value;
}

function resolvePointer(spec, ref) {
  return ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')], spec);
}

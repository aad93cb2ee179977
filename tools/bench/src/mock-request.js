/** An account id and a token the mock accepts: Prism checks that the headers are present, not their value. */
const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const BEARER_TOKEN = 'bench-token';

/**
 * Headers of an authorised `/v1` request to the mock.
 * @returns {Record<string, string>}
 */
export function probeHeaders() {
  return { authorization: `Bearer ${BEARER_TOKEN}`, accountid: ACCOUNT_ID, accept: 'application/json' };
}

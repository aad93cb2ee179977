import createClient from 'openapi-fetch';
import { ACCOUNT_ID, SAMPLE_PATH_TEMPLATE } from './sample-exchange.js';

/**
 * @typedef {{ fetch: typeof fetch, baseUrl: string, sample: import('./sample-exchange.js').SampleExchange }} CallSetup
 * @typedef {object} RequestCandidate
 * @property {string} name
 * @property {(setup: CallSetup) => Promise<() => Promise<unknown>>} create builds the client once and answers one
 *   call: GET /v1/rfi/{rfiId} with the bearer token and AccountId, resolving to the parsed body
 */

/**
 * The clients the overhead target compares, the floor first, each doing the same call the way its documentation
 * shows, at its defaults.
 * @type {[RequestCandidate, RequestCandidate]}
 */
export const REQUEST_CANDIDATES = [
  {
    name: 'openapi-fetch (bare)',
    async create({ fetch, baseUrl, sample }) {
      // Untyped, as a user without generated types calls it: the path is any string to it.
      const client = /** @type {any} */ (
        createClient({ baseUrl, fetch, headers: { Authorization: `Bearer ${sample.accessToken}` } })
      );
      const params = { path: { rfiId: sample.rfiId }, header: { AccountId: ACCOUNT_ID } };
      return async () => (await client.GET(SAMPLE_PATH_TEMPLATE, { params })).data;
    },
  },
  {
    name: '@payments-connect/client',
    async create({ fetch, baseUrl, sample }) {
      // Imported here so that a missing build is this section's failure, with its reason.
      const { createPaymentsConnectClient } = await import('@payments-connect/client');
      // As users create it: token exchange (then cached), retries and timeout at their defaults.
      const credentials = { clientId: 'bench-client', clientSecret: 'bench-secret', accountId: ACCOUNT_ID };
      const client = createPaymentsConnectClient({ baseUrl, fetch, ...credentials });
      const params = { path: { rfiId: sample.rfiId } };
      return async () => (await client.GET(SAMPLE_PATH_TEMPLATE, { params })).data;
    },
  },
];

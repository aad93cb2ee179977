import axios from 'axios';
import createClient from 'openapi-fetch';
import { HEY_API_VERSION } from './hey-api-client.js';
import { ACCOUNT_ID, SAMPLE_PATH_TEMPLATE } from './sample-exchange.js';

/**
 * @typedef {'stub' | 'loopback'} Transport
 * @typedef {{ fetch: typeof fetch, baseUrl: string, sample: import('./sample-exchange.js').SampleExchange }} CallSetup
 * @typedef {object} RequestCandidate
 * @property {string} name
 * @property {Transport[]} transports where it can be measured (a client that does not use fetch cannot be stubbed)
 * @property {(setup: CallSetup) => Promise<() => Promise<unknown>>} create builds the client once and
 *   answers one call: GET /v1/rfi/{rfiId} with the bearer token and AccountId, resolving to the parsed body
 */

/**
 * The clients compared, each doing the same call the way its documentation shows, with its defaults.
 * @param {{ heyApiModule?: string }} options the generated hey-api client, when generation succeeded
 * @returns {RequestCandidate[]}
 */
export function requestCandidates({ heyApiModule }) {
  return [
    {
      name: 'plain fetch',
      transports: ['stub', 'loopback'],
      async create({ fetch, baseUrl, sample }) {
        const url = baseUrl + sample.path;
        const init = { headers: { authorization: `Bearer ${sample.accessToken}`, accountid: ACCOUNT_ID } };
        return async () => {
          const response = await fetch(url, init);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json();
        };
      },
    },
    {
      name: 'openapi-fetch (bare)',
      transports: ['stub', 'loopback'],
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
      transports: ['stub', 'loopback'],
      async create({ fetch, baseUrl, sample }) {
        // Imported here so that a missing build fails this row only, with its reason.
        const { createPaymentsConnectClient } = await import('@payments-connect/client');
        // As users create it: token exchange, retries and timeout at their defaults.
        const client = createPaymentsConnectClient({
          baseUrl,
          fetch,
          clientId: 'bench-client',
          clientSecret: 'bench-secret',
          accountId: ACCOUNT_ID,
        });
        const params = { path: { rfiId: sample.rfiId } };
        return async () => (await client.GET(SAMPLE_PATH_TEMPLATE, { params })).data;
      },
    },
    {
      name: `@hey-api/openapi-ts ${HEY_API_VERSION} (generated)`,
      transports: ['stub', 'loopback'],
      async create({ fetch, baseUrl, sample }) {
        if (!heyApiModule) throw new Error('the hey-api client was not generated');
        const { createClient: createHeyApiClient, createConfig, getRfiCase } = await import(heyApiModule);
        const client = createHeyApiClient(createConfig({ baseUrl, fetch, auth: () => sample.accessToken }));
        const options = { client, path: { rfiId: sample.rfiId }, headers: { AccountId: ACCOUNT_ID } };
        return async () => (await getRfiCase(options)).data;
      },
    },
    {
      name: `axios ${axios.VERSION} (fetch adapter)`,
      transports: ['stub', 'loopback'],
      async create({ fetch, baseUrl, sample }) {
        const instance = axios.create({
          baseURL: baseUrl,
          adapter: 'fetch',
          env: { fetch },
          headers: { Authorization: `Bearer ${sample.accessToken}`, AccountId: ACCOUNT_ID },
        });
        return async () => (await instance.get(sample.path)).data;
      },
    },
    {
      name: `axios ${axios.VERSION} (http adapter, its Node default)`,
      transports: ['loopback'],
      async create({ baseUrl, sample }) {
        const instance = axios.create({
          baseURL: baseUrl,
          headers: { Authorization: `Bearer ${sample.accessToken}`, AccountId: ACCOUNT_ID },
        });
        return async () => (await instance.get(sample.path)).data;
      },
    },
  ];
}

import { describeFetchFailure } from '@payments-connect/contract/server';

/** Where the emulator's control API sits under a target's base URL (outside the contract's paths). */
export const EMULATOR_CONTROL_PATH = '/_emulator';

/**
 * How long a control request may take before it counts as hung. It only ends a hang: a control API answers at once,
 * and a timeout fails the run, it never decides that the API is absent.
 */
const CONTROL_REQUEST_TIMEOUT_MS = 30_000;

/**
 * A fault for the next call of one operation, as `POST /_emulator/faults` takes it.
 * @typedef {object} Fault
 * @property {string} operationId
 * @property {number} status
 * @property {Record<string, string>} [headers] e.g. `{ "Retry-After": "2" }`
 */

/**
 * @typedef {object} EmulatorFaults the fault routes of the emulator's control API
 * @property {string} url the control API's URL
 * @property {(fault: Fault) => Promise<void>} inject the next call of that operation answers with the fault
 * @property {() => Promise<void>} clear drops every pending fault
 */

/**
 * Looks for the emulator's control API at `<baseUrl>/_emulator`: it is there when `GET` answers 200 with a JSON
 * object, as `@payments-connect/emulator` does. A real sandbox has no such API (it answers 404, or something that is
 * no JSON object), and then the reason says what it answered.
 * @param {string} baseUrl the target's, without trailing slash
 * @returns {Promise<{ faults: EmulatorFaults } | { reason: string }>}
 * @throws {Error} when the target cannot be reached or does not answer in time: the run fails, saying so
 */
export async function findEmulatorFaults(baseUrl) {
  const url = `${baseUrl}${EMULATOR_CONTROL_PATH}`;
  const response = await control('GET', url);
  const text = await response.text();
  /** @type {unknown} */
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 200 || body === null || typeof body !== 'object' || Array.isArray(body)) {
    const what = response.status === 200 ? 'no JSON object' : String(response.status);
    return { reason: `no emulator control API at ${url} (GET answered ${what})` };
  }
  return {
    faults: {
      url,
      async inject({ operationId, status, headers = {} }) {
        const injected = await control('POST', `${url}/faults`, { operationId, status, headers, times: 1 });
        if (injected.status !== 201) {
          throw new Error(
            `POST ${url}/faults (${operationId} ${status}) answered ${injected.status}: ${await injected.text()}`,
          );
        }
      },
      async clear() {
        const cleared = await control('DELETE', `${url}/faults`);
        if (cleared.status !== 204) throw new Error(`DELETE ${url}/faults answered ${cleared.status}`);
      },
    },
  };
}

/**
 * One control request, JSON in and out, ended when it hangs.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 */
async function control(method, url, body) {
  try {
    return await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CONTROL_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${method} ${url} failed: ${describeFetchFailure(error, CONTROL_REQUEST_TIMEOUT_MS)}`, {
      cause: error,
    });
  }
}

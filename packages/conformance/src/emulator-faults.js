import { describeFetchFailure } from '@payments-connect/contract/control';
import { CONTROL_PREFIX, ControlCallError, connectEmulator } from '@payments-connect/emulator';

/**
 * How long a control request may take before it counts as hung. It only ends a hang: a control API answers at once,
 * and a timeout fails the run, it never decides that the API is absent.
 */
const CONTROL_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Looks for the emulator's control API under a target's base URL, with the emulator's own client: it is there when
 * `describe()` (`GET /_emulator`) answers a JSON object, as `@payments-connect/emulator` does. A real sandbox has no
 * such API (it answers 404, or something that is no JSON object), and then the reason says what it answered.
 * @param {string} baseUrl the target's, without trailing slash
 * @returns {Promise<{ emulator: import('@payments-connect/emulator').EmulatorConnection } | { reason: string }>} the
 *   client to inject faults with (`injectFault`, `clearFaults`), or why there is none
 * @throws {Error} when the target cannot be reached or does not answer in time: the run fails, saying so
 */
export async function findEmulatorFaults(baseUrl) {
  const emulator = connectEmulator(baseUrl, { timeoutMs: CONTROL_REQUEST_TIMEOUT_MS });
  /** @type {unknown} */
  let described;
  try {
    described = await emulator.describe();
  } catch (error) {
    if (!(error instanceof ControlCallError)) throw error;
    if (error.status === 0) {
      const why = describeFetchFailure(error.cause, CONTROL_REQUEST_TIMEOUT_MS);
      throw new Error(`${error.method} ${error.url} failed: ${why}`, { cause: error });
    }
    // A 200 whose body is no JSON is no control API either.
    return { reason: absent(error.url, error.status === 200 ? 'no JSON object' : String(error.status)) };
  }
  if (described === null || typeof described !== 'object' || Array.isArray(described))
    return { reason: absent(`${emulator.url}${CONTROL_PREFIX}`, 'no JSON object') };
  return { emulator };
}

/**
 * @param {string} url
 * @param {string} answered
 */
function absent(url, answered) {
  return `no emulator control API at ${url} (GET answered ${answered})`;
}

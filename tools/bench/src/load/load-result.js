/**
 * What one load run measured, whichever generator made it.
 * @typedef {object} LoadResult
 * @property {number} requestsPerSecond answers of status 2xx per second of the run
 * @property {number} p50Ms median latency
 * @property {number} p99Ms 99th percentile latency
 * @property {number} ok answers of status 2xx
 * @property {number} failed answers of another status, connection errors and timeouts
 */

/**
 * A target of the load: one URL and the headers each request carries.
 * @typedef {object} LoadTarget
 * @property {string} url
 * @property {Record<string, string>} headers
 */

/**
 * How much load: a number of connections, each sending a request as soon as its previous answer is in, for a time or
 * (autocannon only) until a number of requests is answered.
 * @typedef {object} LoadPlan
 * @property {number} connections
 * @property {number} [seconds]
 * @property {number} [amount] requests in all, instead of a time
 */

/**
 * A run whose answers were not all 2xx measured something else than the server's work: an error, not a figure.
 * @param {LoadResult} result
 * @param {string} what the target, for the message
 * @returns {LoadResult}
 * @throws {Error} when any answer failed or none came
 */
export function requireAllOk(result, what) {
  if (result.failed > 0 || result.ok === 0) {
    throw new Error(`${what}: ${result.ok} answers 2xx, ${result.failed} failed (another status, errors, timeouts)`);
  }
  return result;
}

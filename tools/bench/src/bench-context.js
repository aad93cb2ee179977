import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateHeyApiClient } from './clients/hey-api-client.js';

/** @typedef {import('./clients/hey-api-client.js').HeyApiClient} HeyApiClient */

/**
 * @typedef {object} BenchContext
 * @property {import('./options.js').RunCounts} runs how many times each thing is measured
 * @property {string} tempDir scratch space, removed by dispose()
 * @property {(message: string) => void} log progress, to stderr (the report goes to stdout)
 * @property {import('./load/load-generator.js').LoadGenerator} loadGenerator the load of every server figure
 * @property {() => Promise<{ client?: HeyApiClient, error?: string }>} heyApiClient
 *   the hey-api client generated once per run, shared by the client and bundle-size sections
 * @property {() => void} dispose
 */

/**
 * What every section receives: run counts, the load generator, a temporary directory and the shared generated client.
 * @param {{ runs: import('./options.js').RunCounts, log: (message: string) => void,
 *   loadGenerator: import('./load/load-generator.js').LoadGenerator }} options
 * @returns {BenchContext}
 */
export function createBenchContext({ runs, log, loadGenerator }) {
  const tempDir = mkdtempSync(join(tmpdir(), 'payments-connect-bench-'));
  /** @type {Promise<{ client?: HeyApiClient, error?: string }> | undefined} */
  let heyApi;
  return {
    runs,
    tempDir,
    log,
    loadGenerator,
    heyApiClient() {
      heyApi ??= generateHeyApiClient(tempDir).then(
        (client) => ({ client }),
        (error) => ({ error: error.message }),
      );
      return heyApi;
    },
    dispose() {
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

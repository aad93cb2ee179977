import { createRequire } from 'node:module';
import { deferFakerLoading } from './lazy-faker.js';
import { guardMultipartParser } from './multipart-crash-guard.js';

const require = createRequire(import.meta.url);

/** Prism listens here only; clients talk to the envelope proxy in front of it. */
const INTERNAL_HOST = '127.0.0.1';

/**
 * Starts Prism in this process over `specPath` on a free loopback port.
 *
 * Prism's libraries are used directly rather than its CLI: the CLI's start-up (yargs, file watcher,
 * log pretty-printer) costs about a second, and its per-request logging slows every answer.
 *
 * @param {{ specPath: string, dynamic?: boolean, seed?: string }} options
 * @returns {Promise<{ url: string, operations: import('@stoplight/types').IHttpOperation[], close(): Promise<void> }>}
 *   Rejects with an Error whose message says why Prism refused the document.
 */
export async function startPrismServer({ specPath, dynamic = false, seed }) {
  deferFakerLoading();
  guardMultipartParser();
  const { getHttpOperationsFromSpec } = require('@stoplight/prism-http');
  const { createServer } = require('@stoplight/prism-http-server');
  const { createLogger } = require('@stoplight/prism-core');

  let operations;
  try {
    operations = await getHttpOperationsFromSpec(specPath);
  } catch (error) {
    throw new Error(`Prism rejected the spec ${specPath}: ${error.message}`);
  }
  if (operations.length === 0) throw new Error(`Prism rejected the spec ${specPath}: it has no operations`);

  const server = createServer(operations, {
    cors: true,
    components: { logger: createLogger('PRISM', { level: 'silent' }) },
    config: {
      isProxy: false,
      validateRequest: true,
      // Responses are the spec's own examples; the conformance suite validates them against the schemas.
      // Skipping Prism's second validation of each answer saves CPU on every request.
      validateResponse: false,
      checkSecurity: true,
      errors: false,
      mock: { dynamic, ignoreExamples: false, seed: seed ?? null },
    },
  });
  const url = await server.listen(0, INTERNAL_HOST);
  return { url, operations, close: () => server.close() };
}

import { bundledDocumentPath, createContract, loadDocumentFile } from '@payments-connect/contract';
import { installedDocsPage, startServer } from '@payments-connect/contract/server';
import { CONTROL_PREFIX, DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';
import { prismGenerator } from './generated-payload.js';
import { createMockAnswerer } from './mock-answer.js';

/**
 * @typedef {object} MockOptions
 * @property {number} [port] port to listen on; 0 picks a free one
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {boolean} [dynamic] answer with data generated from the schemas instead of the named examples
 * @property {string} [seed] makes `dynamic` answers repeatable
 * @property {string} [spec] path of a bundled OpenAPI 3.1 document (JSON or YAML) to serve instead of the bundled one
 * @property {import('@payments-connect/contract/server').Timeouts} [timeouts] how long slow clients may take
 *   (defaults: the limits of every server of the contract, in the README)
 * @property {import('@payments-connect/contract/server').JournalOptions} [journal] how many requests the journal
 *   keeps (`size`, default 10,000) and a file it appends each to as a JSON line (`file`)
 */

/**
 * @typedef {object} RunningMock
 * @property {string} url base URL, no trailing slash (`http://127.0.0.1:4010`)
 * @property {number} port
 * @property {string} specPath the document served
 * @property {string | undefined} docsUrl where it serves the rendered reference of `@payments-connect/docs`, whose Try
 *   it console calls this mock (`http://127.0.0.1:4010/_docs`); undefined when it serves another spec (`spec`)
 * @property {(filter?: import('@payments-connect/contract/server').JournalFilter) =>
 *   import('@payments-connect/contract/server').JournalEntry[]} requests the requests the mock received, oldest first,
 *   each with how it broke the contract (filter by `operationId`, `status`, `accountId`, `since`)
 * @property {() => void} clearRequests forgets them
 * @property {() => Promise<void>} stop stops listening, closes every open connection and flushes the journal's file;
 *   calling it twice is fine
 */

/**
 * Serves the mock in this process: the request pipeline of the contract, answering as the spec's examples say.
 * @param {MockOptions & { port?: number }} [options]
 * @returns {Promise<RunningMock>}
 * @throws {Error} with a readable message when the port is taken or the spec cannot be served
 */
export async function serveMock({
  port = DEFAULT_PORT,
  host = DEFAULT_HOST,
  dynamic = false,
  seed,
  spec,
  timeouts,
  journal,
} = {}) {
  const specPath = spec ?? bundledDocumentPath();
  const document = loadDocumentFile(specPath);
  let contract;
  try {
    contract = createContract(document);
  } catch (error) {
    throw new Error(`cannot serve the spec ${specPath}: ${/** @type {Error} */ (error).message}`);
  }
  if (contract.operations.length === 0) throw new Error(`cannot serve the spec ${specPath}: it has no operations`);
  // Generated answers need the optional peer dependency: asked for at start, its absence is said at start.
  if (dynamic) prismGenerator();
  // The reference describes the bundled spec: with another one it would document what the mock does not serve.
  const docsPage = spec === undefined ? installedDocsPage(import.meta.url) : undefined;
  const server = await startServer({
    contract,
    name: 'mock',
    answer: createMockAnswerer(contract, { dynamic, seed }),
    control: { prefix: CONTROL_PREFIX, routes: [] },
    docsPage,
    port,
    host,
    timeouts,
    journal,
  });
  const { url, docsUrl, requests, clearRequests, stop } = server;
  return { url, port: server.port, specPath, docsUrl, requests, clearRequests, stop };
}

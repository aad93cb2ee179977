import { bundledDocumentPath, createContract, loadDocumentFile } from '@payments-connect/openapi/model';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './defaults.js';
import { prismGenerator } from './generated-payload.js';
import { createMockAnswerer } from './mock-answer.js';
import { createMockServer } from './mock-server.js';

/**
 * @typedef {object} MockOptions
 * @property {number} [port] port to listen on; 0 picks a free one
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {boolean} [dynamic] answer with data generated from the schemas instead of the named examples
 * @property {string} [seed] makes `dynamic` answers repeatable
 * @property {string} [spec] path of a bundled OpenAPI 3.1 document (JSON or YAML) to serve instead of the bundled one
 * @property {MockTimeouts} [timeouts] how long slow clients may take (defaults in `defaults.js`)
 */

/**
 * @typedef {object} MockTimeouts
 * @property {number} [headersMs] to send the request head
 * @property {number} [requestMs] to send the whole request
 * @property {number} [keepAliveMs] an idle keep-alive connection stays open
 */

/**
 * @typedef {object} RunningMock
 * @property {string} url base URL, no trailing slash (`http://127.0.0.1:4010`)
 * @property {number} port
 * @property {string} specPath the document served
 * @property {() => Promise<void>} stop stops listening and closes every open connection; calling it twice is fine
 */

/**
 * Serves the mock in this process: the contract model over the spec, answering as the spec's examples say.
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
  const server = createMockServer({
    contract,
    answerer: createMockAnswerer(contract, { dynamic, seed }),
    timeouts: {
      headersMs: timeouts?.headersMs ?? HEADERS_TIMEOUT_MS,
      requestMs: timeouts?.requestMs ?? REQUEST_TIMEOUT_MS,
      keepAliveMs: timeouts?.keepAliveMs ?? KEEP_ALIVE_TIMEOUT_MS,
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(bindFailureMessage(error, host, port))));
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  /** @type {Promise<void> | undefined} */
  let stopping;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    port: address.port,
    specPath,
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

/**
 * @param {NodeJS.ErrnoException} error
 * @param {string} host
 * @param {number} port
 */
function bindFailureMessage(error, host, port) {
  if (error.code === 'EADDRINUSE') {
    const advice = 'stop whatever listens there, or choose another port (0 picks a free one)';
    return `port ${port} on ${host} is already in use: ${advice}`;
  }
  if (error.code === 'EACCES') return `no permission to listen on ${host}:${port}: choose a port above 1023`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `cannot listen on host ${host}: ${error.code}`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

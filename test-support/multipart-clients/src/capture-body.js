import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENTS_DIR } from './clients.js';

/** How long a client may take to upload; `go run` compiles first, Specmatic starts a JVM. */
const CLIENT_TIMEOUT_MS = 120_000;

/**
 * @typedef {object} CapturedBody a multipart request as a server received it
 * @property {string} contentType its Content-Type header, boundary included
 * @property {Buffer} body
 */

/**
 * Runs a client against a server on 127.0.0.1 that answers every request 200 `{}` and keeps the first multipart
 * one: its Content-Type and its body, byte for byte.
 * @param {import('./clients.js').ClientCommand} client
 * @returns {Promise<CapturedBody>}
 */
export async function captureBody(client) {
  /** @type {CapturedBody | undefined} */
  let captured;
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const contentType = request.headers['content-type'] ?? '';
      if (!captured && contentType.startsWith('multipart/')) captured = { contentType, body: Buffer.concat(chunks) };
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const cwd = client.elsewhere ? await mkdtemp(join(tmpdir(), 'multipart-client-')) : CLIENTS_DIR;
  try {
    const failure = await run(client.command, [...client.args, `http://127.0.0.1:${port}/upload`], cwd);
    // Specmatic exits 1 when the answer breaks the contract (ours is `{}`); its request was sent all the same.
    if (!captured) throw new Error(`${client.version} sent no multipart request${failure ? `: ${failure}` : ''}`);
    return captured;
  } finally {
    server.close();
    server.closeAllConnections();
    if (cwd !== CLIENTS_DIR) await rm(cwd, { recursive: true, force: true });
  }
}

/**
 * Runs a command to its end; resolves with why it failed (its stderr's tail), or undefined when it succeeded.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<string | undefined>}
 */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: CLIENT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, _out, err) => {
      resolve(error ? `${error.message.split('\n')[0]} ${String(err).slice(-2000)}`.trim() : undefined);
    });
  });
}

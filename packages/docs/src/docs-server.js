import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** Loopback only: the docs are for the person at this machine, not the network. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/**
 * @typedef {object} DocsServer
 * @property {string} url The address to open, e.g. `http://127.0.0.1:8080/`.
 * @property {() => Promise<void>} close Stops the server.
 */

/**
 * Serves a built docs folder read-only: GET and HEAD of files inside it, `/` as `index.html`.
 * @param {object} options
 * @param {string} options.root The folder to serve (the build's `dist`).
 * @param {number} [options.port] Port to listen on; 0 picks a free one. Default {@link DEFAULT_PORT}.
 * @param {string} [options.host] Default {@link DEFAULT_HOST}.
 * @returns {Promise<DocsServer>}
 */
export function startDocsServer({ root, port = DEFAULT_PORT, host = DEFAULT_HOST }) {
  const rootDir = normalize(root + sep);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(rootDir, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
      // A rebuilt page must show at the next reload.
      'Cache-Control': 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      // Listening on a host and port, the server has an AddressInfo (a string is for pipes).
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://${host}:${address.port}/`,
        close: () => new Promise((done, fail) => server.close((error) => (error ? fail(error) : done()))),
      });
    });
  });
}

/**
 * Maps a URL path to a file under root, or undefined: decoding first so that %2e%2e cannot climb out.
 * @param {string} rootDir The served folder, ending in a separator.
 * @param {string} pathname The URL path, still percent-encoded.
 * @returns {string | undefined}
 */
function fileFor(rootDir, pathname) {
  let relative;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (relative.includes('\0')) return undefined;
  const file = normalize(join(rootDir, relative.endsWith('/') ? `${relative}index.html` : relative));
  if (!file.startsWith(rootDir)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

import http from 'node:http';
import { serviceAnswerForPrismRefusal } from './prism-error-envelope.js';

/** Answers worth a second look: Prism's problem+json, and its body parser's 400 in plain JSON. */
const REWRITE_CANDIDATE = /^application\/(problem\+)?json\b/i;
/** Bodies of refusals are small; anything larger is passed on unread. */
const MAX_REWRITE_BODY_BYTES = 64 * 1024;

/**
 * @typedef {{ url: string, operations: import('@stoplight/types').IHttpOperation[] }} Upstream
 */

/**
 * The public face of the mock: a node:http proxy in front of Prism that turns Prism's own refusals of
 * invalid requests into the service's error envelope (see `prism-error-envelope.js`) and passes every
 * other answer on byte for byte.
 *
 * It listens before Prism is ready, so that a port already in use fails in milliseconds; requests that
 * arrive meanwhile wait for `upstream`.
 *
 * @param {{ port: number, host: string, upstream: Promise<Upstream> }} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 *   Rejects with a readable message when the port cannot be bound.
 */
export function startEnvelopeProxy({ port, host, upstream }) {
  const agent = new http.Agent({ keepAlive: true });
  upstream.catch(() => {}); // its failure is reported by whoever started Prism

  const server = http.createServer(async (request, response) => {
    let target;
    try {
      target = await upstream;
    } catch {
      response.writeHead(503).end();
      return;
    }
    // Concatenated, not resolved: a request path such as `//host/x` must not change the target host.
    const forwarded = http.request(
      `${target.url}${request.url ?? '/'}`,
      { method: request.method, headers: request.headers, agent },
      (answer) => relay(request, answer, response, target.operations),
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`payments-connect-mock: Prism did not answer (${error.message})`);
    });
    request.pipe(forwarded);
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(bindFailureMessage(error, host, port))));
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
      resolve({
        url,
        port: address.port,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * @param {http.IncomingMessage} request
 * @param {http.IncomingMessage} answer
 * @param {http.ServerResponse} response
 * @param {Upstream['operations']} operations
 */
function relay(request, answer, response, operations) {
  const status = answer.statusCode ?? 500;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (status < 400 || !REWRITE_CANDIDATE.test(contentType)) {
    response.writeHead(status, answer.headers);
    answer.pipe(response);
    return;
  }
  const chunks = [];
  let size = 0;
  answer.on('data', (chunk) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  answer.on('end', () => {
    const raw = Buffer.concat(chunks);
    const rewritten =
      size <= MAX_REWRITE_BODY_BYTES ? rewrite(request, status, answer.headers, raw, operations) : undefined;
    if (!rewritten) {
      response.writeHead(status, answer.headers).end(raw);
      return;
    }
    const body = JSON.stringify(rewritten.body);
    response.writeHead(rewritten.status, { ...rewritten.headers, 'content-length': Buffer.byteLength(body) }).end(body);
  });
}

/**
 * @param {http.IncomingMessage} request
 * @param {number} status
 * @param {http.IncomingHttpHeaders} headers
 * @param {Buffer} raw
 * @param {Upstream['operations']} operations
 */
function rewrite(request, status, headers, raw, operations) {
  let body;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  const path = new URL(request.url ?? '/', 'http://mock').pathname;
  return serviceAnswerForPrismRefusal({ status, headers, body }, { method: request.method ?? 'GET', path }, operations);
}

/** @param {NodeJS.ErrnoException} error */
function bindFailureMessage(error, host, port) {
  if (error.code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use: stop whatever listens there, or choose another port (0 picks a free one)`;
  }
  if (error.code === 'EACCES') return `no permission to listen on ${host}:${port}: choose a port above 1023`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `cannot listen on host ${host}: ${error.code}`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

import { connect } from 'node:net';
import { parseAnswer } from './raw-exchange.js';

/**
 * Clients that start an upload and drop the connection halfway: the server must free each connection and the memory
 * of each partial body at once, not hold them until a timeout.
 * @param {string} url the server's base URL
 * @param {{ count: number, head: (declaredBytes: number) => string, declaredBytes: number, sentBytes: number,
 *   concurrency?: number }} plan the request head to send (given the Content-Length it declares), how much body to
 *   send before dropping, how many clients in all and at once
 * @returns {Promise<void>} once every client has dropped
 */
export async function dropUploads(url, { count, head, declaredBytes, sentBytes, concurrency = 25 }) {
  const { hostname, port } = new URL(url);
  const chunk = Buffer.alloc(sentBytes, 0x7b);
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await new Promise((resolve) => {
        const socket = connect(Number(port), hostname);
        socket.on('connect', () =>
          socket.write(head(declaredBytes), () => socket.write(chunk, () => socket.destroy())),
        );
        socket.on('close', resolve);
        socket.on('error', () => {});
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/**
 * A slowloris client: sends a request head one header line at a time, never finishing it.
 * @param {string} url the server's base URL
 * @param {{ intervalMs: number, giveUpMs: number }} pace how often a line is sent, and when the client stops
 *   waiting for the server to hang up
 * @returns {Promise<{ closedByServer: boolean, afterMs: number, answer: import('./raw-exchange.js').RawAnswer }>}
 */
export function slowHeaders(url, { intervalMs, giveUpMs }) {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let line = 0;
    const drip = setInterval(() => {
      socket.write(line === 0 ? 'GET /v1/rfi HTTP/1.1\r\n' : `X-Slow-${line}: ${'x'.repeat(10)}\r\n`);
      line += 1;
    }, intervalMs);
    /** @param {boolean} closedByServer */
    const finish = (closedByServer) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedByServer, afterMs: performance.now() - started, answer: parseAnswer(received) });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
  });
}

/**
 * Sends several requests in one write on one connection (HTTP/1.1 pipelining) and reads the answers in order.
 * @param {string} url the server's base URL
 * @param {string[]} requests whole requests, each with its body
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<number[]>} the status of each answer, in order
 */
export function pipelined(url, requests, { timeoutMs = 5_000 } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${statuses(received).length} of ${requests.length} answers within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(requests.join('')));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const found = statuses(received);
      if (found.length === requests.length) {
        clearTimeout(timer);
        socket.destroy();
        resolve(found);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * The statuses of the whole answers in a stream of pipelined answers.
 * @param {string} raw
 * @returns {number[]}
 */
function statuses(raw) {
  /** @type {number[]} */
  const found = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return found;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(rest.slice(0, end))?.[1] ?? 0);
    if (rest.length < end + 4 + length) return found;
    found.push(parseAnswer(rest.slice(0, end + 4 + length)).status);
    rest = rest.slice(end + 4 + length);
  }
}

/**
 * @typedef {object} UploadOutcome what a slow uploader saw
 * @property {import('./raw-exchange.js').RawAnswer} answer the first answer, as read off the socket
 * @property {boolean} wroteWholeBody whether every byte of the body was written before the connection closed
 * @property {string | undefined} error the socket error the client met (`ECONNRESET`, `EPIPE`), if any
 */

/**
 * An uploader on a slow link: sends the request head, then the body in chunks with a pause between them, reading
 * whatever the server answers meanwhile, until the server closes the connection. A server that refuses the
 * request before reading the body must still let this client read the refusal, and should drain the body rather
 * than reset the connection under it.
 * @param {string} url the server's base URL
 * @param {{ head: string, bodyBytes: number, chunkBytes?: number, pauseMs?: number, timeoutMs?: number }} plan
 * @returns {Promise<UploadOutcome>}
 */
export function slowUpload(url, { head, bodyBytes, chunkBytes = 64 * 1024, pauseMs = 1, timeoutMs = 15_000 }) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    /** @type {Buffer[]} */
    const received = [];
    let written = 0;
    /** @type {string | undefined} */
    let error;
    const giveUp = setTimeout(() => socket.destroy(), timeoutMs);
    // One chunk made once and written again: a fresh one for each write made the client, not the server, the cost of
    // a hundred slow 9 MiB uploads.
    const chunk = Buffer.alloc(Math.min(Math.ceil(bodyBytes / 2), chunkBytes), 0x61);
    const writeNext = () => {
      if (written >= bodyBytes || socket.destroyed) return;
      const size = Math.min(chunk.length, bodyBytes - written);
      socket.write(chunk.subarray(0, size), (failed) => {
        if (failed) return;
        written += size;
        setTimeout(writeNext, pauseMs);
      });
    };
    socket.on('connect', () => socket.write(head, writeNext));
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (failure) => {
      error = /** @type {NodeJS.ErrnoException} */ (failure).code ?? failure.message;
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({
        answer: parseAnswer(Buffer.concat(received).toString('latin1')),
        wroteWholeBody: written === bodyBytes,
        error,
      });
    });
  });
}

/**
 * Runs `count` tries, `concurrency` at a time, and returns their results in order.
 * @template T
 * @param {number} count
 * @param {number} concurrency
 * @param {(index: number) => Promise<T>} attempt
 * @returns {Promise<T[]>}
 */
export async function inBatches(count, concurrency, attempt) {
  /** @type {T[]} */
  const results = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, i) => attempt(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

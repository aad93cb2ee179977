import { connect } from 'node:net';

/**
 * @typedef {object} RawAnswer an HTTP/1.1 answer read off a socket
 * @property {number} status 0 when nothing parseable came back
 * @property {Record<string, string>} headers lower-case names
 * @property {string} body
 * @property {string} raw everything received
 */

/**
 * Sends bytes over a fresh TCP connection and reads the first answer, exactly as written: for requests no HTTP
 * client library would send (malformed request lines, duplicate headers, lies about the body's length).
 * @param {string} url the server's base URL (`http://127.0.0.1:4010`)
 * @param {string | Buffer} bytes the whole request
 * @param {{ timeoutMs?: number }} [options] how long to wait for the answer
 * @returns {Promise<RawAnswer>}
 */
export function sendRaw(url, bytes, { timeoutMs = 10_000 } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    /** @type {Buffer[]} */
    const chunks = [];
    const timer = setTimeout(() => finish(new Error(`no whole answer within ${timeoutMs} ms`)), timeoutMs);
    /** @param {Error} [error] */
    const finish = (error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error && chunks.length === 0) reject(error);
      else resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
    };
    socket.on('connect', () => socket.write(bytes));
    // The answer to a HEAD has no body, whatever its Content-Length says (RFC 9110 section 9.3.2).
    const bodiless = Buffer.from(bytes.slice(0, 5)).toString('latin1') === 'HEAD ';
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (answerIsWhole(Buffer.concat(chunks).toString('latin1'), bodiless)) finish();
    });
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(error));
  });
}

/**
 * Whether a buffer holds a whole answer: the head, and as many body bytes as its Content-Length says.
 * @param {string} raw
 * @param {boolean} bodiless the answer to a HEAD: the head alone is whole
 */
function answerIsWhole(raw, bodiless) {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return false;
  if (bodiless) return true;
  const length = /\r\ncontent-length: *(\d+)/i.exec(raw.slice(0, end))?.[1];
  return length !== undefined && raw.length >= end + 4 + Number(length);
}

/**
 * @param {string} raw
 * @returns {RawAnswer}
 */
export function parseAnswer(raw) {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  return { status, headers, body: end < 0 ? '' : raw.slice(end + 4), raw };
}

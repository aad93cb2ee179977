import { Busboy } from '@fastify/busboy';
import { parseMediaType } from './media-type.js';

/**
 * @typedef {import('./example-parts.js').ExamplePart} ExamplePart
 */

/**
 * @typedef {object} ReceivedPart one part of a `multipart/form-data` body, as it was read
 * @property {string} name the form field (`name` of its Content-Disposition)
 * @property {string | undefined} fileName the file name it was sent with, any path left out; undefined for a part
 *   sent without one (a field)
 * @property {string} contentType its Content-Type without parameters, lower case; `text/plain` for a part sent without
 *   one (RFC 7578, section 4.4)
 * @property {number} size its content's bytes
 * @property {string | undefined} text the content of a part without file name, as UTF-8 (as HTML forms send it);
 *   undefined for a file
 */

/** The boundary of the bodies the contract model builds: fixed, so that a built body is the same on every run. */
export const MULTIPART_BOUNDARY = 'payments-connect-example-boundary';

/** RFC 2046, section 5.1.1: a boundary has 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;

const CRLF = '\r\n';

/**
 * A `multipart/form-data` body (RFC 7578) of the parts: each with its Content-Disposition (name, and filename for a
 * file part) and its Content-Type when it has one, its content as UTF-8.
 * @param {ExamplePart[]} parts
 * @param {string} [boundary]
 * @returns {{ contentType: string, body: Uint8Array<ArrayBuffer> }}
 * @throws {Error} when a part's content holds the delimiter, which would end the part early
 */
export function buildMultipartBody(parts, boundary = MULTIPART_BOUNDARY) {
  const delimiter = `--${boundary}`;
  const text = parts
    .map(({ name, content, fileName, contentType }) => {
      if (content.includes(delimiter)) throw new Error(`the content of part ${name} holds the delimiter ${delimiter}`);
      const disposition = `form-data; name="${escapeQuoted(name)}"${
        fileName === undefined ? '' : `; filename="${escapeQuoted(fileName)}"`
      }`;
      const headers = [`Content-Disposition: ${disposition}`, ...(contentType ? [`Content-Type: ${contentType}`] : [])];
      return `${delimiter}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}${content}${CRLF}`;
    })
    .join('');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new TextEncoder().encode(`${text}${delimiter}--${CRLF}`),
  };
}

/**
 * A name or file name inside the quotes of Content-Disposition, escaped as browsers' FormData does (WHATWG HTML,
 * "multipart/form-data encoding algorithm"): a quote or a line break would end the header.
 * @param {string} value
 */
function escapeQuoted(value) {
  return value.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/**
 * Reads a `multipart/form-data` body with @fastify/busboy, of the busboy line of streaming parsers that most Node
 * servers read uploads with: whatever RFC 7578, RFC 2046 and RFC 2183 allow and clients send is read (parameter values
 * as tokens or quoted, a quoted boundary, other parameters on the type, a preamble and an epilogue, a `Content-Length`
 * on a part, header names in any case, `filename*`). Parts come in the order they were sent. A part that is no form
 * field (no `Content-Disposition: form-data` with a name) is left out, as every form parser does.
 * @param {string} contentType the request's whole Content-Type header, boundary included
 * @param {Uint8Array} bytes the whole body
 * @returns {Promise<ReceivedPart[]>}
 * @throws {Error} (the promise is rejected) when the body is no multipart body of that boundary, saying why
 */
export function readMultipartBody(contentType, bytes) {
  const boundary = parseMediaType(contentType)?.parameters.boundary;
  if (boundary !== undefined && boundary.length > MAX_BOUNDARY_LENGTH) {
    const reason = `its boundary has ${boundary.length} characters; RFC 2046 allows at most ${MAX_BOUNDARY_LENGTH}`;
    return Promise.reject(new Error(reason));
  }
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    /** @type {ReceivedPart[]} */
    const parts = [];
    let settled = false;
    const fail = (/** @type {unknown} */ error) => {
      if (settled) return;
      settled = true;
      // A boundary that is not the body's is the usual mistake; the parser would only say that the data ended.
      const missing = boundary !== undefined && !body.includes(`--${boundary}`);
      const reason = error instanceof Error ? error.message : String(error);
      reject(new Error(missing ? `it holds no delimiter --${boundary}, the boundary its Content-Type names` : reason));
    };
    let parser;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        // Every part is read as bytes, a field too: its size is its bytes, its text is decoded once, below, and the
        // parser's 1 MiB cut of a field's value never applies.
        isPartAFile: () => true,
        // The parser's limits on a part's header are lifted to the body's length too: the body was already held to
        // the server's limit, which bounds the parts' count and size, and no header is dropped here without a word.
        limits: { headerSize: body.length, headerPairs: body.length },
      });
    } catch (error) {
      fail(error);
      return;
    }
    parser.on('file', (name, stream, sentFileName, _encoding, type) => {
      // Undefined when the part has no file name: the parser's types do not say so.
      const fileName = /** @type {string | undefined} */ (sentFileName);
      /** @type {Buffer[] | undefined} */
      const chunks = fileName === undefined ? [] : undefined;
      let size = 0;
      stream.on('data', (/** @type {Buffer} */ chunk) => {
        size += chunk.length;
        chunks?.push(chunk);
      });
      stream.on('error', fail);
      stream.on('end', () => {
        if (name === undefined) return; // a part without a name is no form field
        const text = chunks && Buffer.concat(chunks, size).toString('utf8');
        parts.push({ name, fileName, contentType: type, size, text });
      });
    });
    parser.on('error', fail);
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve(parts);
    });
    parser.end(body);
  });
}

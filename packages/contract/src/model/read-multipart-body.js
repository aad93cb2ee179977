import { parseMediaType } from './media-type.js';
import { boundaryProblem, refusedBecause } from './multipart-body.js';

/** @typedef {import('./multipart-body.js').ReceivedPart} ReceivedPart */

/**
 * Reads a `multipart/form-data` body with @fastify/busboy, of the busboy line of streaming parsers that most Node
 * servers read uploads with: whatever RFC 7578, RFC 2046 and RFC 2183 allow and clients send is read (parameter values
 * as tokens or quoted, a quoted boundary, other parameters on the type, a preamble and an epilogue, a `Content-Length`
 * on a part, header names in any case, `filename*`). Parts come in the order they were sent. A part that is no form
 * field (no `Content-Disposition: form-data` with a name) is left out, as every form parser does. The parser is loaded
 * with the first multipart body: a server that takes none never loads it. Node's reader; elsewhere (a browser) the
 * model reads with `read-multipart-body-web.js`, a port of the same rules (package.json `imports`).
 * @param {string} contentType the request's whole Content-Type header, boundary included
 * @param {Uint8Array} bytes the whole body
 * @returns {Promise<ReceivedPart[]>}
 * @throws {Error} (the promise is rejected) when the body is no multipart body of that boundary, saying why
 */
export async function readMultipartBody(contentType, bytes) {
  const boundary = parseMediaType(contentType)?.parameters.boundary;
  const problem = boundaryProblem(boundary);
  if (problem) throw new Error(problem);
  const { Busboy } = await import('@fastify/busboy');
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    /** @type {ReceivedPart[]} */
    const parts = [];
    let settled = false;
    const fail = (/** @type {unknown} */ error) => {
      if (settled) return;
      settled = true;
      reject(new Error(refusedBecause(boundary, body, error instanceof Error ? error.message : String(error))));
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

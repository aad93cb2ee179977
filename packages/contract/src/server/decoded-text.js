import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * The largest answer body decoded to be judged: an upstream's compressed answer may not inflate the proxy without
 * bound. A larger one is passed on all the same, judged as it was sent, with a note in the journal.
 */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

/** @type {Record<string, (bytes: Buffer) => Buffer>} */
const DECODERS = {
  gzip: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  'x-gzip': (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  // "deflate" is the zlib format, yet some servers send raw deflate: browsers and undici read both.
  deflate: (bytes) => {
    try {
      return inflateSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
    } catch {
      return inflateRawSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
    }
  },
  br: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
};

/**
 * The body as text, undone of its content codings (last applied, first undone). One the proxy cannot undo is judged
 * as it was sent, and the journal says why.
 * @param {Buffer} raw
 * @param {string | undefined} contentEncoding
 * @returns {{ text: string, note?: string }}
 */
export function decodedText(raw, contentEncoding) {
  // Most answers name no coding: nothing to take apart.
  if (contentEncoding === undefined) return { text: raw.toString('utf8') };
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0 || raw.length === 0) return { text: raw.toString('utf8') };
  let bytes = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    const why = (/** @type {string} */ reason) =>
      `the answer's Content-Encoding ${contentEncoding} could not be decoded (${reason}): judged as it was sent`;
    if (!decode) return { text: raw.toString('utf8'), note: why(`${coding} is not supported`) };
    try {
      bytes = decode(bytes);
    } catch (error) {
      // zlib's codes say it in a word (`Z_DATA_ERROR`, `ERR_BUFFER_TOO_LARGE` past the bound).
      const code = /** @type {{ code?: unknown }} */ (error)?.code;
      return { text: raw.toString('utf8'), note: why(typeof code === 'string' ? code : String(error)) };
    }
  }
  return { text: bytes.toString('utf8') };
}

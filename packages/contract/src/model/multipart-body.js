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
export const MAX_BOUNDARY_LENGTH = 70;

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
 * What is wrong with a multipart body before any reader reads it, the same for every reader: a boundary longer than
 * RFC 2046 allows.
 * @param {string | undefined} boundary the boundary its Content-Type names
 * @returns {string | undefined} the reason to refuse it, undefined for none
 */
export function boundaryProblem(boundary) {
  if (boundary === undefined || boundary.length <= MAX_BOUNDARY_LENGTH) return undefined;
  return `its boundary has ${boundary.length} characters; RFC 2046 allows at most ${MAX_BOUNDARY_LENGTH}`;
}

/**
 * Why a body its reader refused is no multipart body of its boundary: a boundary that is not the body's is the usual
 * mistake, which a reader would only call an early end of the data.
 * @param {string | undefined} boundary
 * @param {Uint8Array} bytes
 * @param {string} reason the reader's own
 */
export function refusedBecause(boundary, bytes, reason) {
  if (boundary === undefined || includesText(bytes, `--${boundary}`)) return reason;
  return `it holds no delimiter --${boundary}, the boundary its Content-Type names`;
}

/**
 * @param {Uint8Array} bytes
 * @param {string} text ASCII
 */
function includesText(bytes, text) {
  const first = text.charCodeAt(0);
  for (
    let at = bytes.indexOf(first);
    at !== -1 && at + text.length <= bytes.length;
    at = bytes.indexOf(first, at + 1)
  ) {
    let index = 1;
    while (index < text.length && bytes[at + index] === text.charCodeAt(index)) index += 1;
    if (index === text.length) return true;
  }
  return false;
}

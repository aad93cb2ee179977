/**
 * @typedef {import('./example-parts.js').ExamplePart} ExamplePart
 */

/** The boundary of the bodies the contract model builds: fixed, so that a built body is the same on every run. */
export const MULTIPART_BOUNDARY = 'payments-connect-example-boundary';

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

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Examples that cannot be written in YAML or JSON (a file upload) are files beside the document, named by the
 * Example Object's `externalValue`, relative to the document. For a `multipart/form-data` body the file is the
 * serialized body, its first line the delimiter `--<boundary>` (RFC 2046), so it can be sent as it is.
 */

/**
 * @typedef {object} ExampleFilePart one part of a serialized multipart example
 * @property {string} name the form field
 * @property {string | undefined} fileName the `filename` of its Content-Disposition, for a file part
 * @property {string | undefined} contentType
 * @property {string | undefined} text the content of a part that is no file, as UTF-8
 */

/**
 * The bytes of an example's `externalValue`.
 * @param {{ externalValue?: unknown }} example a resolved Example Object
 * @param {string | undefined} location path of the document the example belongs to
 * @returns {Buffer}
 * @throws {Error} for an example without `externalValue`, an absolute reference (never fetched), a contract read
 *   without a location, or a file that cannot be read
 */
export function readExternalValue(example, location) {
  const reference = example.externalValue;
  if (typeof reference !== 'string') throw new Error('the example has no externalValue');
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) {
    throw new Error(`externalValue ${reference} is absolute: only files relative to the document are read`);
  }
  if (location === undefined) {
    throw new Error(`externalValue ${reference}: the contract was created without the location of its document`);
  }
  const file = fileURLToPath(new URL(reference, pathToFileURL(location)));
  try {
    return readFileSync(file);
  } catch (error) {
    throw new Error(`externalValue ${reference}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * The boundary of a serialized multipart body: its first line is `--<boundary>`.
 * @param {Uint8Array} bytes
 * @returns {string}
 * @throws {Error} when the body does not start with a delimiter line
 */
export function multipartBoundary(bytes) {
  const firstLine = /^--([^\r\n]{1,70})\r\n/.exec(Buffer.from(bytes).toString('latin1'));
  if (!firstLine?.[1]) throw new Error('a serialized multipart example starts with its delimiter line, --<boundary>');
  return firstLine[1];
}

/**
 * The parts of a serialized multipart example, as its part headers name them. Only what a reader of the example
 * needs (field names and file names); whether the body is valid multipart is for the request checks to say.
 * @param {Uint8Array} bytes
 * @returns {ExampleFilePart[]}
 */
export function multipartParts(bytes) {
  const text = Buffer.from(bytes).toString('latin1');
  const delimiter = `--${multipartBoundary(bytes)}`;
  return text
    .split(delimiter)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const headEnd = part.indexOf('\r\n\r\n');
      const head = part.slice(0, headEnd);
      const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
      const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
      // The part's content runs from the blank line to the CRLF that precedes the next delimiter.
      const content = part.slice(headEnd + 4, part.lastIndexOf('\r\n'));
      return {
        name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '',
        fileName,
        contentType: /^content-type:\s*(.*?)\s*$/im.exec(head)?.[1],
        text: fileName === undefined ? Buffer.from(content, 'latin1').toString('utf8') : undefined,
      };
    });
}

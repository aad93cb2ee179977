import { parseMediaType } from './media-type.js';
import { boundaryProblem, refusedBecause } from './multipart-body.js';
import { parseParams } from './multipart-params.js';

/** @typedef {import('./multipart-body.js').ReceivedPart} ReceivedPart */

/**
 * Reads a `multipart/form-data` body with web-standard code only, for a platform without Node (a browser): the rules
 * of @fastify/busboy, which Node's reader (`read-multipart-body.js`) runs, ported so that both read every body alike:
 * the same parts, names, file names, types and sizes, the same bodies refused (`test/multipart-readers.test.js` holds
 * them to each other). What is ported, as busboy does it: the delimiter searched after a CRLF (the body's start
 * counting as one), the preamble and whatever follows the close delimiter ignored; a part's header block up to the
 * first blank line, read as Latin-1, a line with a bare CR or LF, or without a colon, ending it; its `Content-Type`
 * (lower case, `text/plain` when absent) and `Content-Disposition` (`form-data`, `name`, `filename` with any path
 * left out, `filename*` decoded); a part that is no form field left out.
 * @param {string} contentType the request's whole Content-Type header, boundary included
 * @param {Uint8Array} bytes the whole body
 * @returns {Promise<ReceivedPart[]>}
 * @throws {Error} (the promise is rejected) when the body is no multipart body of that boundary, saying why
 */
export async function readMultipartBody(contentType, bytes) {
  const boundary = parseMediaType(contentType)?.parameters.boundary;
  const problem = boundaryProblem(boundary);
  if (problem) throw new Error(problem);
  // The boundary as busboy reads the header, which it then searches for.
  const parsed = parseParams(contentType);
  const own = parsed.find((entry) => Array.isArray(entry) && /^boundary$/i.test(entry[0]));
  const sentBoundary = Array.isArray(own) ? own[1] : undefined;
  const parts = !/^multipart\/form-data/i.test(/** @type {string} */ (parsed[0]))
    ? 'Unsupported Content-Type.'
    : typeof sentBoundary !== 'string'
      ? 'Multipart: Boundary not found'
      : (readParts(sentBoundary, bytes) ?? 'Unexpected end of multipart data');
  if (typeof parts === 'string') throw new Error(refusedBecause(boundary, bytes, parts));
  return parts;
}

const CR = 13;
const LF = 10;
const DASH = 45;

/**
 * The parts of a body, as busboy's Dicer finds them when it is given the whole body at once: the search hands it the
 * data between two delimiters, then what follows the last one (less a possible start of a delimiter, held back), and
 * it reads each piece as Dicer's `_oninfo` does, quirks kept (a lone dash after a delimiter waits for a second one
 * across the next delimiter; a dash before a part's first line is handed to its header twice). Undefined when the body
 * ends before its close delimiter.
 * @param {string} boundary
 * @param {Uint8Array} bytes
 * @returns {ReceivedPart[] | undefined}
 */
function readParts(boundary, bytes) {
  const needle = new TextEncoder().encode(`\r\n--${boundary}`);
  // The body's start counts as a line break: a body may begin with its first delimiter.
  const data = new Uint8Array(bytes.length + 2);
  data.set([CR, LF]);
  data.set(bytes, 2);
  /** @type {ReceivedPart[]} */
  const parts = [];
  let dashes = 0;
  let justMatched = false;
  let preamble = true;
  let inPart = false;
  let finished = false;
  /**
   * One piece of data, `isMatch` when a delimiter follows it.
   * @param {boolean} isMatch
   * @param {number} start
   * @param {number} end
   */
  const onInfo = (isMatch, start, end) => {
    let oneDash = false;
    if (!inPart && justMatched) {
      for (let at = start; dashes < 2 && at < end; at += 1) {
        if (data[at] !== DASH) {
          oneDash = dashes > 0;
          dashes = 0;
          break;
        }
        dashes += 1;
      }
      if (dashes === 2) {
        finished = true;
        return;
      }
      if (dashes > 0) return;
    }
    justMatched = false;
    inPart = true;
    if (!isMatch) return;
    if (preamble) preamble = false;
    else {
      const segment = data.subarray(start, end);
      const part = readPart(oneDash ? concat(DASH_BYTES, segment) : segment);
      if (part) parts.push(part);
    }
    inPart = false;
    justMatched = true;
    dashes = 0;
  };
  for (let from = 0; ; ) {
    const at = indexOf(data, needle, from);
    if (at === -1) {
      const end = data.length - heldBack(data, needle);
      if (from < end) onInfo(false, from, end);
      return finished ? parts : undefined;
    }
    onInfo(true, from, at);
    if (finished) return parts;
    from = at + needle.length;
  }
}

const DASH_BYTES = new Uint8Array([DASH]);

/**
 * One part whole, between two delimiters: its header block to the first blank line, then its content; undefined for
 * a part busboy leaves out (no complete header block, no `form-data` disposition, no name, a name or file name with a
 * bare line break).
 * @param {Uint8Array} segment
 * @returns {ReceivedPart | undefined}
 */
function readPart(segment) {
  const blank = indexOf(segment, BLANK_LINE, 0);
  if (blank === -1) return undefined;
  const header = parseHeader(latin1(segment.subarray(0, blank)));
  const content = segment.subarray(blank + BLANK_LINE.length);
  const disposition = header['content-disposition']?.[0];
  if (disposition === undefined) return undefined;
  const parsed = parseParams(disposition);
  if (!/^form-data$/i.test(/** @type {string} */ (parsed[0]))) return undefined;
  /** @type {string | undefined} */
  let name;
  /** @type {string | undefined} */
  let fileName;
  for (const entry of parsed) {
    if (/^name$/i.test(entry[0] ?? '')) {
      name = /** @type {string | undefined} */ (entry[1]);
      if (hasBareLineBreak(name)) return undefined;
    } else if (/^filename$/i.test(entry[0] ?? '')) {
      fileName = /** @type {string | undefined} */ (entry[1]);
      if (hasBareLineBreak(fileName)) return undefined;
      fileName = basename(fileName);
    }
  }
  if (name === undefined) return undefined;
  return {
    name,
    fileName,
    contentType: partType(header['content-type']?.[0]),
    size: content.length,
    text: fileName === undefined ? UTF8.decode(content) : undefined,
  };
}

/** A part's content read as UTF-8, as Node's Buffer reads it: a byte order mark kept. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const BLANK_LINE = new Uint8Array([CR, LF, CR, LF]);

/**
 * A part's media type as busboy names it: the whole value in lower case when it is one word, else its first
 * parameter-less segment; `text/plain` when there is none.
 * @param {string | undefined} value
 */
function partType(value) {
  if (value === undefined) return 'text/plain';
  if (value.length !== 0 && !/[; \t]/.test(value)) return value.toLowerCase();
  const type = parseParams(value)[0];
  return typeof type === 'string' && type ? type.toLowerCase() : 'text/plain';
}

/**
 * A part's header block (Latin-1), as busboy's HeaderParser reads it: names in lower case, every value of a name; a
 * line starting with a space or a tab continues the one before; a line with a bare CR or LF, or without a colon after
 * its first character, ends the block.
 * @param {string} block
 * @returns {Record<string, string[]>}
 */
function parseHeader(block) {
  /** @type {Record<string, string[]>} */
  const header = Object.create(null);
  /** @type {string | undefined} */
  let name;
  let lineStart = 0;
  while (lineStart < block.length) {
    let lineEnd = block.indexOf('\r\n', lineStart);
    if (lineEnd === -1) lineEnd = block.length;
    if (lineEnd === lineStart) {
      lineStart = lineEnd + 2;
      continue;
    }
    const line = block.slice(lineStart, lineEnd);
    if (line.includes('\r') || line.includes('\n')) return header;
    const values = name === undefined ? undefined : header[name];
    if ((block[lineStart] === '\t' || block[lineStart] === ' ') && values) {
      values[values.length - 1] += line;
      lineStart = lineEnd + 2;
      continue;
    }
    const colon = block.indexOf(':', lineStart);
    if (colon === -1 || colon === lineStart || colon > lineEnd) return header;
    name = block.slice(lineStart, colon).toLowerCase();
    let valueStart = colon + 1;
    if (block[valueStart] === ' ' || block[valueStart] === '\t') valueStart += 1;
    const list = header[name] ?? [];
    header[name] = list;
    list.push(block.slice(valueStart, lineEnd));
    lineStart = lineEnd + 2;
  }
  return header;
}

/** @param {Uint8Array} bytes @returns {string} each byte a character, as Node's `binary` encoding reads it */
function latin1(bytes) {
  let text = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  }
  return text;
}

/** Characters made at once from bytes: within every engine's limit on a call's arguments. */
const CHUNK = 8192;

/** @param {string | undefined} value */
function hasBareLineBreak(value) {
  return typeof value === 'string' && (value.includes('\r') || value.includes('\n'));
}

/**
 * A file name without its path, as busboy keeps it: what follows the last `/` or `\`; `.` and `..` are no name.
 * @param {string | undefined} path
 */
function basename(path) {
  if (typeof path !== 'string') return '';
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const name = at === -1 ? path : path.slice(at + 1);
  return name === '..' || name === '.' ? '' : name;
}

/**
 * @param {Uint8Array} haystack
 * @param {Uint8Array} needle
 * @param {number} from
 */
function indexOf(haystack, needle, from) {
  const first = /** @type {number} */ (needle[0]);
  const last = haystack.length - needle.length;
  for (let at = haystack.indexOf(first, from); at !== -1 && at <= last; at = haystack.indexOf(first, at + 1)) {
    let index = 1;
    while (index < needle.length && haystack[at + index] === needle[index]) index += 1;
    if (index === needle.length) return at;
  }
  return -1;
}

/**
 * How many bytes at the end of the data busboy's search holds back, as the start of a delimiter that may follow: the
 * longest end of the data that begins the needle.
 * @param {Uint8Array} data
 * @param {Uint8Array} needle
 */
function heldBack(data, needle) {
  for (let at = Math.max(0, data.length - needle.length + 1); at < data.length; at += 1) {
    let index = 0;
    while (at + index < data.length && data[at + index] === needle[index]) index += 1;
    if (at + index === data.length) return data.length - at;
  }
  return 0;
}

/** @param {Uint8Array} a @param {Uint8Array} b */
function concat(a, b) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

import { parseMediaType } from './media-type.js';
import { boundaryProblem, refusedBecause } from './multipart-body.js';

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

/**
 * A header value's segments as busboy's parseParams reads them: the first a string, each parameter a `[name, value]`
 * pair (or a string when it has no `=`); spaces and tabs dropped outside quotes, quotes and backslash escapes resolved,
 * text beyond ASCII read as UTF-8, an RFC 2231 value (`filename*=utf-8''%E2%82%AC.pdf`) decoded by its charset.
 * @param {string} text
 * @returns {Array<string | [string, string | undefined]>}
 */
function parseParams(text) {
  if (!text.includes(';')) return [decodeUtf8Text(text)];
  const fast = parseFormDataDisposition(text);
  if (fast) return fast;
  /** @type {Array<string | [string, string | undefined]>} */
  const result = [];
  let state = KEY;
  let charset = '';
  let inQuote = false;
  let escaping = false;
  let index = 0;
  let kept = '';
  /** @param {string} value */
  const settle = (value) => {
    const entry = result[index];
    if (entry === undefined) result[index] = value;
    else if (Array.isArray(entry)) entry[1] = value;
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = /** @type {string} */ (text[at]);
    if (char === '\\' && inQuote) {
      if (escaping) escaping = false;
      else {
        escaping = true;
        continue;
      }
    } else if (char === '"') {
      if (!escaping) {
        if (inQuote) {
          inQuote = false;
          state = KEY;
          while (at + 1 < text.length && text[at + 1] !== ';') at += 1;
        } else inQuote = true;
        continue;
      }
      escaping = false;
    } else {
      if (escaping && inQuote) kept += '\\';
      escaping = false;
      if ((state === CHARSET || state === LANG) && char === "'") {
        if (state === CHARSET) {
          state = LANG;
          charset = kept.substring(1);
        } else state = VALUE;
        kept = '';
        continue;
      }
      if (state === KEY && (char === '*' || char === '=') && result.length) {
        state = char === '*' ? CHARSET : VALUE;
        result[index] = [kept, undefined];
        kept = '';
        continue;
      }
      if (!inQuote && char === ';') {
        state = KEY;
        if (charset) {
          if (kept.length) kept = decodeText(percentDecoded(kept), charset);
          charset = '';
        } else if (kept.length) kept = decodeUtf8Text(kept);
        settle(kept);
        kept = '';
        index += 1;
        continue;
      }
      if (!inQuote && (char === ' ' || char === '\t')) continue;
    }
    kept += char;
  }
  if (charset && kept.length) kept = decodeText(percentDecoded(kept), charset);
  else if (kept) kept = decodeUtf8Text(kept);
  if (result[index] === undefined) {
    if (kept) result[index] = kept;
  } else settle(kept);
  return result;
}

const KEY = 0;
const VALUE = 1;
const CHARSET = 2;
const LANG = 3;

/**
 * busboy's shortcut for the disposition browsers send (`form-data; name="…"`, perhaps `; filename="…"`), undefined for
 * any other, which the general reading takes.
 * @param {string} text
 * @returns {Array<string | [string, string]> | undefined}
 */
function parseFormDataDisposition(text) {
  const prefix = 'form-data; name="';
  if (!text.startsWith(prefix)) return undefined;
  const nameEnd = text.indexOf('"', prefix.length);
  if (nameEnd === -1 || text.indexOf('\\', prefix.length) !== -1) return undefined;
  /** @type {Array<string | [string, string]>} */
  const result = ['form-data', ['name', decodeUtf8Text(text.slice(prefix.length, nameEnd))]];
  let at = nameEnd + 1;
  while (at < text.length && text[at] !== ';') at += 1;
  if (at === text.length) return result;
  at += 1;
  while (text[at] === ' ' || text[at] === '\t') at += 1;
  if (!text.startsWith('filename="', at)) return undefined;
  const fileStart = at + 10;
  const fileEnd = text.indexOf('"', fileStart);
  if (fileEnd === -1 || text.indexOf('\\', fileStart) !== -1) return undefined;
  result.push(['filename', decodeUtf8Text(text.slice(fileStart, fileEnd))]);
  return result;
}

/** @param {string} text Latin-1 @returns {string} `%XX` escapes replaced by their byte */
function percentDecoded(text) {
  return text.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, (byte) => String.fromCharCode(Number.parseInt(byte.slice(1), 16)));
}

/** @param {string} text Latin-1 @returns {string} read as UTF-8 when it holds anything beyond ASCII */
function decodeUtf8Text(text) {
  return /[\u0080-\uffff]/.test(text) ? UTF8.decode(latin1Bytes(text)) : text;
}

/**
 * Bytes (a Latin-1 string) read as busboy reads a parameter in `charset`: UTF-8 for its names and any charset it does
 * not know, Latin-1 left as it is, UTF-16LE, base64.
 * @param {string} text
 * @param {string} charset
 */
function decodeText(text, charset) {
  if (!text) return text;
  const name = charset.toLowerCase();
  if (LATIN1_NAMES.has(name)) return text;
  if (UTF16LE_NAMES.has(name)) return new TextDecoder('utf-16le').decode(latin1Bytes(text));
  if (name === 'base64') return btoa(text);
  return decodeUtf8Text(text);
}

const LATIN1_NAMES = new Set([
  'latin1',
  'ascii',
  'us-ascii',
  'iso-8859-1',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'windows-1252',
  'iso_8859-1:1987',
  'cp1252',
  'x-cp1252',
]);
const UTF16LE_NAMES = new Set(['utf16le', 'utf-16le', 'ucs2', 'ucs-2']);

/** @param {string} text @returns {Uint8Array} each character's low byte, as Node's `binary` encoding writes it */
function latin1Bytes(text) {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
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

// busboy's reading of a header value's parameters (its `parseParams`), ported to web-standard code for the multipart
// reader a browser runs (`read-multipart-body-web.js`): the same segments, quotes, escapes and charsets.

/** A part's content read as UTF-8, as Node's Buffer reads it: a byte order mark kept. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A header value's segments as busboy's parseParams reads them: the first a string, each parameter a `[name, value]`
 * pair (or a string when it has no `=`); spaces and tabs dropped outside quotes, quotes and backslash escapes resolved,
 * text beyond ASCII read as UTF-8, an RFC 2231 value (`filename*=utf-8''%E2%82%AC.pdf`) decoded by its charset.
 * @param {string} text
 * @returns {Array<string | [string, string | undefined]>}
 */
export function parseParams(text) {
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

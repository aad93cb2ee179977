/** `type/subtype` as RFC 9110 allows it: tokens of letters, digits and `!#$%&'*+.^_`|~-`. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * @typedef {object} MediaType
 * @property {string} essence `type/subtype`, lower case (`application/json`)
 * @property {Record<string, string>} parameters lower-case names; quoted values unquoted (`boundary`, `charset`)
 */

/**
 * Parses a Content-Type header. A malformed one (`;;;=;`, no subtype, a broken quoted value) is `undefined`,
 * so that it is refused as unsupported rather than guessed at.
 * @param {string | undefined} header
 * @returns {MediaType | undefined}
 */
export function parseMediaType(header) {
  if (header === undefined) return undefined;
  const [essence = '', ...rest] = splitParameters(header);
  const [type, subtype, extra] = essence.trim().split('/');
  if (extra !== undefined || !type || !subtype || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  /** @type {Record<string, string>} */
  const parameters = {};
  for (const raw of rest) {
    const part = raw.trim();
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = part.slice(0, equals).trim().toLowerCase();
    let value = part.slice(equals + 1).trim();
    if (equals <= 0 || !TOKEN.test(name)) return undefined;
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"')) return undefined;
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    } else if (!TOKEN.test(value)) return undefined;
    parameters[name] = value;
  }
  return { essence: `${type}/${subtype}`.toLowerCase(), parameters };
}

/**
 * Splits at semicolons outside quoted strings.
 * @param {string} header
 */
function splitParameters(header) {
  const parts = [''];
  let quoted = false;
  for (let i = 0; i < header.length; i += 1) {
    const char = header[i];
    if (char === '\\' && quoted) {
      parts[parts.length - 1] += char + (header[i + 1] ?? '');
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
      parts[parts.length - 1] += char;
    } else if (char === ';' && !quoted) parts.push('');
    else parts[parts.length - 1] += char;
  }
  return parts;
}

/**
 * How a raw request target (what follows the method on an HTTP request line) becomes the path the contract
 * is matched against. One rule for every reader of the contract, so that the mock, the emulator and the
 * conformance suite never disagree about which operation a request is:
 *
 * 1. Origin form (`/v1/rfi?includeTerminal=true`) is the usual target. Absolute form
 *    (`http://host/v1/rfi`) is accepted as HTTP requires, and only its path and query count: the host is not
 *    the contract's business. Anything else (the asterisk form `*`, an authority, an unparsable URL) is invalid.
 * 2. The path is read as a WHATWG URL parser reads it: dot segments are resolved (`/v1/x/../rfi` is `/v1/rfi`,
 *    `%2e` counts as a dot, never above the root) and a backslash is a slash.
 * 3. One trailing slash is ignored (`/v1/rfi/` is `/v1/rfi`); any other empty segment (`/v1//rfi`) stays, and
 *    matches no template.
 * 4. Each segment is percent-decoded before it is compared: a literal segment matches its decoded text
 *    (`/v1/%72fi` is `/v1/rfi`), and a path parameter's value is the decoded segment. A malformed escape (`%zz`)
 *    makes the target invalid.
 */

const BASE = 'http://contract.invalid';

/**
 * @typedef {object} ParsedTarget
 * @property {true} valid
 * @property {string} path the normalised path, still percent-encoded (`/v1/rfi`)
 * @property {string[]} segments the decoded segments of `path` (`['v1', 'rfi']`)
 * @property {URLSearchParams} query
 *
 * @typedef {object} InvalidTarget
 * @property {false} valid
 * @property {string} reason why the target is not a resource path
 */

/**
 * @param {string} raw the request target as received (`req.url` of node:http)
 * @returns {ParsedTarget | InvalidTarget}
 */
export function parseRequestTarget(raw) {
  if (raw === '*') return { valid: false, reason: 'the asterisk-form target "*" names no resource' };
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  if (!absolute && !raw.startsWith('/')) return { valid: false, reason: `request target "${raw}" is not a path` };
  let url;
  try {
    // Absolute form keeps its own origin; origin form is appended to a placeholder one (appended, not resolved,
    // so that a target starting with `//` stays a path and never names a host).
    url = new URL(absolute ? raw : `${BASE}${raw}`);
  } catch {
    return { valid: false, reason: `request target "${raw}" is not a valid URL` };
  }
  if (absolute && url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { valid: false, reason: `request target scheme ${url.protocol} is not http(s)` };
  }
  const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  const segments = [];
  for (const segment of path.split('/').slice(1)) {
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return { valid: false, reason: `path segment "${segment}" holds a malformed percent-escape` };
    }
  }
  return { valid: true, path, segments, query: url.searchParams };
}

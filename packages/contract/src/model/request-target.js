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
 * An origin-form target the URL parser would give back as it came: a path of the characters RFC 3986 allows there
 * unescaped (no `%`, no backslash), and a query of printable ASCII without a fragment. Nearly every request is one.
 */
const PLAIN_TARGET = /^(\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*)(?:\?([\x21\x22\x24-\x7e]*))?$/;
/** A `.` or `..` segment, which the URL parser would resolve. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

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
  // The plain target takes a shortcut that ends where the URL parser would: a server reads one per request. (The
  // query keeps its `?`: URLSearchParams drops one leading `?`, which must not be the query's own.)
  const plain = PLAIN_TARGET.exec(raw);
  if (plain && !DOT_SEGMENT.test(/** @type {string} */ (plain[1]))) {
    const whole = /** @type {string} */ (plain[1]);
    const path = whole.length > 1 && whole.endsWith('/') ? whole.slice(0, -1) : whole;
    return { valid: true, path, segments: path.split('/').slice(1), query: new URLSearchParams(`?${plain[2] ?? ''}`) };
  }
  return parseRequestTargetByUrl(raw);
}

/**
 * {@link parseRequestTarget} by the WHATWG URL parser, for every target: the rule itself.
 * @param {string} raw
 * @returns {ParsedTarget | InvalidTarget}
 */
export function parseRequestTargetByUrl(raw) {
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

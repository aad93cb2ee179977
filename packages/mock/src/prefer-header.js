/**
 * @typedef {object} Preferences what a request asks of the mock
 * @property {number} [code] the status to answer (`Prefer: code=404`)
 * @property {string} [example] the named example to answer with (`Prefer: example=closedCase`)
 * @property {boolean} [dynamic] generated data instead of a named example (`Prefer: dynamic=true`)
 * @property {string} [seed] makes a dynamic answer repeatable
 */

/**
 * Reads the `Prefer` header (preferences separated by commas or semicolons, as Prism reads them), or, without one,
 * the `__code`, `__example`, `__dynamic` and `__seed` query parameters.
 * @param {string | undefined} header
 * @param {URLSearchParams} query
 * @returns {{ preferences: Preferences } | { problem: string }}
 */
export function readPreferences(header, query) {
  /** @type {Record<string, string>} */
  const raw = {};
  if (header !== undefined) {
    for (const part of header.split(/[,;]/)) {
      const [key = '', ...rest] = part.split('=');
      if (key.trim() !== '' && rest.length > 0)
        raw[key.trim().toLowerCase()] = rest
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1');
    }
  } else {
    for (const key of ['code', 'example', 'dynamic', 'seed']) {
      const value = query.get(`__${key}`);
      if (value !== null) raw[key] = value;
    }
  }
  /** @type {Preferences} */
  const preferences = {};
  if (raw.code !== undefined) {
    if (!/^\d{3}$/.test(raw.code)) return { problem: `Prefer code=${raw.code} is not an HTTP status` };
    preferences.code = Number(raw.code);
  }
  if (raw.dynamic !== undefined) {
    if (raw.dynamic !== 'true' && raw.dynamic !== 'false')
      return { problem: `Prefer dynamic=${raw.dynamic} is not true or false` };
    preferences.dynamic = raw.dynamic === 'true';
  }
  if (raw.example !== undefined) preferences.example = raw.example;
  if (raw.seed !== undefined) preferences.seed = raw.seed;
  return { preferences };
}

/**
 * Turns an OpenAPI-style path template (`/v1/rfi/{rfiId}`) into a matcher. Shared by the spec's routes
 * and the control API's routes so both read templates the same way.
 * @param {string} template
 * @returns {{ pattern: RegExp, paramNames: string[] }}
 */
export function compilePathTemplate(template) {
  /** @type {string[]} */
  const paramNames = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name) => {
    paramNames.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), paramNames };
}

/**
 * @param {{ pattern: RegExp, paramNames: string[] }} compiled
 * @param {string} requestPath the raw (still percent-encoded) path of the request
 * @returns {Record<string, string> | undefined} decoded parameters, or undefined when the path does not match
 */
export function matchPathTemplate({ pattern, paramNames }, requestPath) {
  const match = pattern.exec(requestPath);
  if (!match) return undefined;
  return Object.fromEntries(paramNames.map((name, i) => [name, safeDecode(match[i + 1])]));
}

/** @param {string} segment */
function safeDecode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape stays as sent and then fails the UUID check
  }
}

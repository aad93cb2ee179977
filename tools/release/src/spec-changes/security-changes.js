import { jsonEqual } from './json-equal.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {Record<string, string[]>} SecurityRequirement one way to authenticate: every scheme named, with scopes */

/**
 * Compares the security a request needs. A request is accepted when it meets one of the requirements; so the
 * change breaks consumers unless every requirement of the released spec still meets one of the new ones (an
 * alternative added, a scope or the whole requirement dropped). `security: []` needs nothing.
 * @param {Comparison} comparison
 * @param {SecurityRequirement[] | undefined} before the requirements that apply in the released spec
 * @param {SecurityRequirement[] | undefined} after
 * @param {string} location
 */
export function compareSecurity(comparison, before, after, location) {
  if (jsonEqual(before ?? [], after ?? [])) return;
  const what = `security ${describeSecurity(before)} -> ${describeSecurity(after)}`;
  const asList = (/** @type {SecurityRequirement[] | undefined} */ list) => (list?.length ? list : [{}]);
  const stillMet = asList(before).every((old) => asList(after).some((required) => meets(old, required)));
  if (stillMet) comparison.report('security-relaxed', location, `${what}: every request that was accepted still is`);
  else comparison.report('security-changed', location, `${what}: requests that authenticate as before may be rejected`);
}

/**
 * Whether credentials that meet `held` also meet `required`: every scheme it names, with no scope more.
 * @param {SecurityRequirement} held
 * @param {SecurityRequirement} required
 */
function meets(held, required) {
  return Object.entries(required).every(
    ([scheme, scopes]) => scheme in held && scopes.every((scope) => (held[scheme] ?? []).includes(scope)),
  );
}

/**
 * Security requirements in words: `bearer`, `oauth (read, write) or apiKey`, `none`.
 * @param {SecurityRequirement[] | undefined} requirements
 */
function describeSecurity(requirements) {
  if (!requirements || requirements.length === 0) return 'none';
  return requirements
    .map((requirement) => {
      const schemes = Object.entries(requirement).map(([scheme, scopes]) =>
        scopes.length ? `${scheme} (${scopes.join(', ')})` : scheme,
      );
      return schemes.length ? schemes.join(' and ') : 'anonymous';
    })
    .join(' or ');
}

/**
 * Security schemes say how to send credentials. One removed, or changed in what a client sends or where it
 * gets a token, breaks consumers; new OAuth scopes do not (no request needs them yet); descriptions only document.
 * @param {Comparison} comparison
 * @param {Record<string, any>} before `components.securitySchemes` of the released spec
 * @param {Record<string, any>} after
 */
export function compareSecuritySchemes(comparison, before, after) {
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = `security scheme ${name}`;
    if (!(name in after)) comparison.report('security-scheme-removed', where, 'security scheme removed');
    else if (!(name in before)) comparison.report('security-scheme-added', where, 'security scheme added');
    else if (!jsonEqual(before[name], after[name])) compareScheme(comparison, before[name], after[name], where);
  }
}

/**
 * @param {Comparison} comparison @param {any} before @param {any} after @param {string} where
 */
function compareScheme(comparison, before, after, where) {
  const scopesBefore = scopesOf(before);
  const scopesAfter = scopesOf(after);
  const removed = scopesBefore.filter((scope) => !scopesAfter.includes(scope));
  const added = scopesAfter.filter((scope) => !scopesBefore.includes(scope));
  if (!jsonEqual(skeleton(before), skeleton(after))) {
    comparison.report('security-scheme-changed', where, 'security scheme changed: consumers authenticate differently');
  } else if (removed.length > 0) {
    comparison.report(
      'security-scheme-changed',
      where,
      `scopes ${removed.join(', ')} removed: consumers that ask for them get no token`,
    );
  } else if (added.length > 0) {
    comparison.report('security-scheme-scope-added', where, `scopes ${added.join(', ')} added`);
  } else {
    comparison.report('documentation', where, 'security scheme descriptions changed');
  }
}

/**
 * The OAuth scopes a scheme offers, as `flow:scope`.
 * @param {any} scheme
 * @returns {string[]}
 */
function scopesOf(scheme) {
  return Object.entries(scheme.flows ?? {}).flatMap(([flow, value]) =>
    Object.keys(/** @type {any} */ (value)?.scopes ?? {}).map((scope) => `${flow}:${scope}`),
  );
}

/**
 * What of a scheme a client acts on: everything but descriptions, `bearerFormat` (a hint) and the scopes
 * (compared apart).
 * @param {any} scheme
 */
function skeleton(scheme) {
  const { description: _description, bearerFormat: _format, flows, ...rest } = scheme;
  return {
    ...rest,
    flows: Object.fromEntries(
      Object.entries(flows ?? {}).map(([flow, value]) => {
        const { scopes: _scopes, ...urls } = /** @type {any} */ (value) ?? {};
        return [flow, urls];
      }),
    ),
  };
}

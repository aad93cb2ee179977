import { resolveRef } from '@payments-connect/openapi/model';
import { at, DIRECTION } from './comparison.js';
import { equalResolved, jsonEqual } from './json-equal.js';
import { refName } from './ref-name.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { listedValues, notAdmitted, VALUE_KEYWORDS, valueDomain } from './value-domain.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./comparison.js').Direction} Direction */

/** Constraints that reject more values as their number grows. */
const STRICTER_WHEN_HIGHER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains'];
/** Constraints that reject more values as their number shrinks. */
const STRICTER_WHEN_LOWER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains'];
/** Constraints where any change may reject values that passed before (a new pattern is not a subset test). */
const CHANGED_IS_STRICTER = ['pattern', 'format', 'multipleOf', 'uniqueItems', 'contentMediaType', 'contentEncoding'];
/** Keywords this file compares itself (besides the value keywords). */
const OWN_KEYWORDS = [
  'properties',
  'required',
  'additionalProperties',
  'default',
  ...STRICTER_WHEN_HIGHER,
  ...STRICTER_WHEN_LOWER,
  ...CHANGED_IS_STRICTER,
];

/**
 * Compares two schemas found at the same place and reports each difference, classified by who writes the
 * data: what a consumer sends must not accept less, what it receives must not contain more.
 * @param {Comparison} comparison
 * @param {unknown} before raw schema of the released spec (may be a `$ref`)
 * @param {unknown} after raw schema of the current spec
 * @param {Direction} direction
 * @param {string} location
 * @param {{ valuesDecidedAbove?: boolean }} [options] set for the branches of an anyOf whose accepted values
 *   the enclosing schema already judged as a whole
 */
export function compareSchema(comparison, before, after, direction, location, options = {}) {
  const beforeName = refName(before);
  const afterName = refName(after);
  if (beforeName || afterName) {
    // A named schema is judged once per direction, under its own name rather than the first path using it.
    const key = `schema:${beforeName}|${afterName}|${direction}|${Boolean(options.valuesDecidedAbove)}`;
    if (!comparison.firstVisit(key)) return;
    location = `schema ${afterName ?? beforeName} (${direction})`;
  }
  const b = resolveRef(comparison.before, before);
  const a = resolveRef(comparison.after, after);
  if (typeof b !== 'object' || typeof a !== 'object' || b === null || a === null) {
    if (!jsonEqual(b, a)) comparison.breaking('unclassified', location, 'boolean schema changed; counts as breaking');
    return;
  }
  const covered = new Set([...VALUE_KEYWORDS, ...OWN_KEYWORDS]);
  if (!options.valuesDecidedAbove) compareValues(comparison, b, a, direction, location);
  compareBranches(comparison, b, a, direction, location);
  compareProperties(comparison, b, a, direction, location);
  compareRequired(comparison, b, a, direction, location);
  compareAdditionalProperties(comparison, b, a, direction, location);
  compareConstraints(comparison, b, a, direction, location);
  compareDefault(comparison, b, a, direction, location);
  // items on one side only is left to the catch-all below (unclassified).
  if (b.items !== undefined && a.items !== undefined) {
    compareSchema(comparison, b.items, a.items, direction, `${location}[]`);
    covered.add('items');
  }
  compareRemainingKeys(comparison, b, a, covered, location);
}

/**
 * Types, enums, const and the anyOf/oneOf around them, judged as one set of accepted values.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareValues(comparison, b, a, direction, location) {
  const before = valueDomain(comparison.before, b);
  const after = valueDomain(comparison.after, a);
  if (!before || !after) {
    const sameValues = VALUE_KEYWORDS.every((k) => equalResolved(comparison.before, b[k], comparison.after, a[k]));
    if (!sameValues)
      comparison.breaking('unclassified', location, 'allOf/not value keywords changed; counts as breaking');
    return;
  }
  const dropped = notAdmitted(after, before);
  const gained = notAdmitted(before, after);
  if (dropped.length > 0) {
    const message = `no longer accepts ${dropped.join(', ')}`;
    if (direction === DIRECTION.consumerSends)
      comparison.breaking('request-values-narrowed', location, `${message}: requests that were valid are rejected`);
    else comparison.nonBreaking('response-values-narrowed', location, message);
  }
  if (gained.length > 0) {
    const message = `now also admits ${gained.join(', ')}`;
    if (direction === DIRECTION.consumerReceives)
      comparison.breaking(
        'response-values-widened',
        location,
        `${message}: consumers may receive a value they do not handle`,
      );
    else comparison.nonBreaking('request-values-widened', location, message);
  }
  if (dropped.length === 0 && gained.length === 0) {
    const listedBefore = listedValues(comparison.before, b);
    const listedAfter = listedValues(comparison.after, a);
    const added = listedAfter.filter((v) => !listedBefore.some((w) => jsonEqual(v, w)));
    const removed = listedBefore.filter((v) => !listedAfter.some((w) => jsonEqual(v, w)));
    if (added.length + removed.length > 0) {
      const parts = [
        added.length ? `listed ${added.map((v) => JSON.stringify(v)).join(', ')}` : '',
        removed.length ? `unlisted ${removed.map((v) => JSON.stringify(v)).join(', ')}` : '',
      ];
      comparison.nonBreaking(
        'open-set-values-listed',
        location,
        `${parts.filter(Boolean).join('; ')}; the set is open, so the accepted values are the same`,
      );
    }
  }
}

/**
 * Object-shaped branches of anyOf/oneOf, compared pairwise; their value keywords were judged as a whole.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareBranches(comparison, b, a, direction, location) {
  for (const keyword of ['anyOf', 'oneOf']) {
    const before = b[keyword];
    const after = a[keyword];
    if (!Array.isArray(before) || !Array.isArray(after)) continue;
    if (before.length === after.length) {
      for (const [i, branch] of before.entries()) {
        compareSchema(comparison, branch, after[i], direction, at(location, `${keyword}[${i}]`), {
          valuesDecidedAbove: true,
        });
      }
    } else if (hasObjectBranch(comparison.before, before) || hasObjectBranch(comparison.after, after)) {
      comparison.breaking(
        'unclassified',
        at(location, keyword),
        `${keyword} branches of objects added or removed; counts as breaking`,
      );
    }
  }
}

/**
 * @param {unknown} document
 * @param {unknown[]} branches
 */
function hasObjectBranch(document, branches) {
  return branches.some((branch) => resolveRef(document, branch)?.properties !== undefined);
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareProperties(comparison, b, a, direction, location) {
  const before = b.properties ?? {};
  const after = a.properties ?? {};
  const requiredAfter = new Set(a.required ?? []);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = at(location, name);
    if (!(name in after)) {
      comparison.breaking(
        'property-removed',
        where,
        direction === DIRECTION.consumerSends
          ? 'property removed from a request: consumers that send it get a type error or a rejection'
          : 'property removed from a response: consumers that read it get nothing',
      );
    } else if (!(name in before)) {
      if (direction === DIRECTION.consumerSends && requiredAfter.has(name)) {
        comparison.breaking(
          'required-request-field-added',
          where,
          'new required property in a request: existing requests lack it',
        );
      } else {
        comparison.nonBreaking(
          'property-added',
          where,
          direction === DIRECTION.consumerSends ? 'new optional property in a request' : 'new property in a response',
        );
      }
    } else {
      compareSchema(comparison, before[name], after[name], direction, where);
    }
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareRequired(comparison, b, a, direction, location) {
  const before = new Set(b.required ?? []);
  const after = new Set(a.required ?? []);
  const existedBefore = (/** @type {string} */ name) => name in (b.properties ?? {}) || !(name in (a.properties ?? {}));
  for (const name of after) {
    if (before.has(name) || !existedBefore(name)) continue; // a new required property is reported with the property
    if (direction === DIRECTION.consumerSends)
      comparison.breaking(
        'request-field-now-required',
        at(location, name),
        'request property became required: requests without it are rejected',
      );
    else
      comparison.nonBreaking(
        'response-field-now-required',
        at(location, name),
        'response property is now always present',
      );
  }
  for (const name of before) {
    if (after.has(name) || !(name in (a.properties ?? {}))) continue; // a removed property is reported as removed
    if (direction === DIRECTION.consumerReceives)
      comparison.breaking(
        'response-field-now-optional',
        at(location, name),
        'response property became optional: consumers that rely on it may get nothing',
      );
    else comparison.nonBreaking('request-field-now-optional', at(location, name), 'request property is now optional');
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareAdditionalProperties(comparison, b, a, direction, location) {
  const before = b.additionalProperties;
  const after = a.additionalProperties;
  if (equalResolved(comparison.before, before, comparison.after, after)) return;
  const where = at(location, 'additionalProperties');
  const open = (/** @type {unknown} */ v) => v === undefined || v === true;
  if (typeof before === 'object' && typeof after === 'object') {
    compareSchema(comparison, before, after, direction, where);
  } else if (direction === DIRECTION.consumerSends && open(before) && !open(after)) {
    comparison.breaking(
      'request-extra-properties-rejected',
      where,
      'a request object that accepted extra properties now restricts them',
    );
  } else {
    comparison.nonBreaking(
      'additional-properties-changed',
      where,
      `additionalProperties ${shown(before)} -> ${shown(after)}`,
    );
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareConstraints(comparison, b, a, direction, location) {
  for (const key of [...STRICTER_WHEN_HIGHER, ...STRICTER_WHEN_LOWER, ...CHANGED_IS_STRICTER]) {
    const before = b[key];
    const after = a[key];
    if (jsonEqual(before, after)) continue;
    let stricter;
    let looser;
    if (before === undefined) [stricter, looser] = [true, false];
    else if (after === undefined) [stricter, looser] = [false, true];
    else if (STRICTER_WHEN_HIGHER.includes(key)) [stricter, looser] = [after > before, after < before];
    else if (STRICTER_WHEN_LOWER.includes(key)) [stricter, looser] = [after < before, after > before];
    else [stricter, looser] = [true, true]; // a different pattern or format both admits and rejects new values
    const where = at(location, key);
    const message = `${key} ${shown(before)} -> ${shown(after)}`;
    if (direction === DIRECTION.consumerSends && stricter)
      comparison.breaking('request-constraint-tightened', where, `${message}: requests that were valid are rejected`);
    else if (direction === DIRECTION.consumerReceives && looser)
      comparison.breaking(
        'response-constraint-loosened',
        where,
        `${message}: responses may hold values consumers did not expect`,
      );
    else comparison.nonBreaking('constraint-changed', where, message);
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {Direction} direction @param {string} location
 */
function compareDefault(comparison, b, a, direction, location) {
  if (jsonEqual(b.default, a.default)) return;
  const where = at(location, 'default');
  const message = `default ${shown(b.default)} -> ${shown(a.default)}`;
  // A consumer that leaves the field out silently gets the new behaviour.
  if (direction === DIRECTION.consumerSends && b.default !== undefined)
    comparison.breaking('request-default-changed', where, message);
  else comparison.nonBreaking('default-changed', where, message);
}

/**
 * A keyword's value in a message; `(none)` when it is absent.
 * @param {unknown} value
 */
function shown(value) {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

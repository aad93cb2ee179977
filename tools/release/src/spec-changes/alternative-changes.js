import { resolveRef } from '@payments-connect/contract';
import { at } from './comparison.js';
import { reportConstraint } from './constraint-changes.js';
import { equalResolved } from './json-equal.js';
import { refName } from './ref-name.js';
import { consumerSends } from './schema-context.js';
import { isStructured } from './schema-shapes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./schema-context.js').SchemaContext} SchemaContext */
/** @typedef {import('./schema-context.js').CompareSchema} CompareSchema */

/**
 * Which branches of two lists are the same alternative: `[before index, after index]` pairs, and the
 * indexes left over on each side.
 * @typedef {{ pairs: Array<[number, number]>, removed: number[], added: number[] }} BranchMatch
 */

/**
 * The alternatives of anyOf and oneOf. Branches are matched by what names them (a `$ref`, a `title`, the
 * value of a property they set to a constant), then by equality, then by position; a matched pair is compared
 * as two schemas. An object or array alternative that appears gives a request one more accepted shape and a
 * response one more to handle; one that goes is the reverse. Scalar alternatives are judged with the accepted
 * values (an open enum's `{ type: string }` branch). A plain schema that becomes a list of alternatives, or the
 * reverse, is matched the same way, as a list of one.
 * @param {Comparison} comparison
 * @param {{ before: unknown, after: unknown }} raw the schemas as written (their `$ref`s name them)
 * @param {any} b resolved
 * @param {any} a resolved
 * @param {SchemaContext} context
 * @param {CompareSchema} compareSchema compares a matched pair of branches
 * @returns {boolean} true when the alternatives replaced the object's own properties (wrapped or unwrapped), so
 *   those must not be compared as removed or added
 */
export function compareAlternatives(comparison, raw, b, a, context, compareSchema) {
  let restructured = false;
  compareDiscriminator(comparison, b, a, context);
  for (const keyword of /** @type {const} */ (['anyOf', 'oneOf'])) {
    const before = b[keyword];
    const after = a[keyword];
    if (!Array.isArray(before) && !Array.isArray(after)) continue;
    const listBefore = Array.isArray(before) ? before : [raw.before];
    const listAfter = Array.isArray(after) ? after : [raw.after];
    const structured = [
      ...listBefore.filter((branch) => isStructured(comparison.before, branch)),
      ...listAfter.filter((branch) => isStructured(comparison.after, branch)),
    ];
    const wrapped = !Array.isArray(before) || !Array.isArray(after);
    if (wrapped) {
      // Only one side has alternatives: a wrap or an unwrap. Scalars are the values' business. The object's own
      // properties moved into the alternatives unless the side with alternatives keeps some of its own.
      if (structured.length === 0) continue;
      restructured ||= (Array.isArray(after) ? a : b).properties === undefined;
    }
    const match = matchBranches(comparison, listBefore, listAfter);
    if (wrapped && match.pairs.length === 0) {
      comparison.report(
        'alternatives-restructured',
        at(context.location, keyword),
        Array.isArray(after)
          ? `the schema became a choice (${keyword}) none of whose alternatives is the old schema`
          : `the ${keyword} alternatives became one schema that is none of them`,
      );
      continue;
    }
    for (const [i, j] of match.pairs) {
      compareSchema(comparison, listBefore[i], listAfter[j], {
        ...context,
        parameter: false,
        location: at(context.location, Array.isArray(after) ? `${keyword}[${j}]` : keyword),
        valuesDecidedAbove: true,
      });
    }
    for (const i of match.removed) {
      if (!isStructured(comparison.before, listBefore[i])) continue;
      const where = at(context.location, `${keyword}[${i}]`);
      if (consumerSends(context))
        comparison.report(
          'request-alternative-removed',
          where,
          `alternative ${name(comparison.before, listBefore[i], i)} removed: requests of that shape are rejected`,
        );
      else
        comparison.report(
          'response-alternative-removed',
          where,
          `alternative ${name(comparison.before, listBefore[i], i)} removed: responses no longer take that shape`,
        );
    }
    for (const j of match.added) {
      if (!isStructured(comparison.after, listAfter[j])) continue;
      const where = at(context.location, `${keyword}[${j}]`);
      if (consumerSends(context))
        comparison.report(
          'request-alternative-added',
          where,
          `alternative ${name(comparison.after, listAfter[j], j)} added: requests may take that shape too`,
        );
      else
        comparison.report(
          'response-alternative-added',
          where,
          `alternative ${name(comparison.after, listAfter[j], j)} added: ` +
            'responses may take a shape consumers do not handle',
        );
    }
  }
  return restructured;
}

/**
 * How a message names a branch: its `$ref` name, else its title, else its position.
 * @param {unknown} document
 * @param {unknown} branch
 * @param {number} index
 */
function name(document, branch, index) {
  const title = resolveRef(document, branch)?.title;
  return refName(branch) ?? (typeof title === 'string' ? title : `#${index + 1}`);
}

/**
 * What names a branch apart from its position: its `$ref`, its `title`, or a property it sets to one constant
 * value (the tag of a tagged union).
 * @param {unknown} document
 * @param {unknown} branch
 * @returns {string | undefined}
 */
function branchKey(document, branch) {
  const ref = refName(branch);
  if (ref) return `ref ${ref}`;
  const schema = resolveRef(document, branch);
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof schema.title === 'string') return `title ${schema.title}`;
  for (const [property, raw] of Object.entries(schema.properties ?? {})) {
    const value = resolveRef(document, raw);
    const constant = value && 'const' in value ? value.const : value?.enum?.length === 1 ? value.enum[0] : undefined;
    if (constant !== undefined) return `tag ${property}=${JSON.stringify(constant)}`;
  }
  return undefined;
}

/**
 * @param {Comparison} comparison
 * @param {unknown[]} before
 * @param {unknown[]} after
 * @returns {BranchMatch}
 */
export function matchBranches(comparison, before, after) {
  const left = new Set(before.keys());
  const right = new Set(after.keys());
  /** @type {Array<[number, number]>} */
  const pairs = [];
  const pairUp = (/** @type {(i: number, j: number) => boolean} */ same) => {
    for (const i of left) {
      const j = [...right].find((k) => same(i, k));
      if (j === undefined) continue;
      pairs.push([i, j]);
      left.delete(i);
      right.delete(j);
    }
  };
  pairUp((i, j) => {
    const key = branchKey(comparison.before, before[i]);
    return key !== undefined && key === branchKey(comparison.after, after[j]);
  });
  pairUp((i, j) => equalResolved(comparison.before, before[i], comparison.after, after[j]));
  if (left.size === right.size) {
    // What is left changed in place: pair it by position.
    const [restBefore, restAfter] = [[...left], [...right]];
    pairUp((i, j) => j === restAfter[restBefore.indexOf(i)]);
  }
  return { pairs: pairs.sort((x, y) => x[1] - y[1]), removed: [...left], added: [...right] };
}

/**
 * The parts of an `allOf` that could not be folded into one schema (see all-of-merge.js): matched as branches
 * are; a part that appears adds a condition every value must meet, one that goes removes it.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema compares a matched pair of parts
 */
export function compareAllOfParts(comparison, b, a, context, compareSchema) {
  if (!Array.isArray(b.allOf) && !Array.isArray(a.allOf)) return;
  const before = b.allOf ?? [];
  const after = a.allOf ?? [];
  const match = matchBranches(comparison, before, after);
  for (const [i, j] of match.pairs) {
    compareSchema(comparison, before[i], after[j], {
      ...context,
      parameter: false,
      location: at(context.location, `allOf[${j}]`),
    });
  }
  for (const i of match.removed)
    reportConstraint(
      comparison,
      context,
      at(context.location, `allOf[${i}]`),
      { stricter: false, looser: true },
      `allOf part ${name(comparison.before, before[i], i)} removed`,
    );
  for (const j of match.added)
    reportConstraint(
      comparison,
      context,
      at(context.location, `allOf[${j}]`),
      { stricter: true, looser: false },
      `allOf part ${name(comparison.after, after[j], j)} added`,
    );
}

/**
 * The discriminator only tells code generators and readers which alternative a value is; the alternatives
 * themselves decide what is valid.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 */
function compareDiscriminator(comparison, b, a, context) {
  if (equalResolved(comparison.before, b.discriminator, comparison.after, a.discriminator)) return;
  const verb = b.discriminator === undefined ? 'added' : a.discriminator === undefined ? 'removed' : 'changed';
  comparison.report(
    'discriminator-changed',
    at(context.location, 'discriminator'),
    `discriminator ${verb}: it names the alternative a value is, the alternatives still decide what is valid`,
  );
}

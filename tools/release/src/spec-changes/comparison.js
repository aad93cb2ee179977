import { CHANGE_RULES } from './change-rules.js';
import { refName } from './ref-name.js';

/**
 * One classified difference between two versions of the spec.
 * @typedef {object} SpecChange
 * @property {'breaking' | 'non-breaking'} kind
 * @property {import('./change-rules.js').ChangeRule} rule the stable id of the rule that classified it
 * @property {string} location where it is (`PUT /v1/rfi/{rfiId}/responses > request body > answers`)
 * @property {string} message what changed, in a sentence
 */

/**
 * Who writes the data a schema describes, as seen from a consumer of the API. A request is written by
 * the consumer and read by the API; a response is the reverse; a webhook payload is written by the API
 * and read by the consumer's endpoint, so it follows the rules of a response.
 */
export const DIRECTION = /** @type {const} */ ({
  consumerSends: 'consumer sends',
  consumerReceives: 'consumer receives',
});

/** @typedef {typeof DIRECTION[keyof typeof DIRECTION]} Direction */

/** Separates the parts of a change's location. */
export const LOCATION_SEPARATOR = ' > ';

/**
 * State of one comparison: the two documents, the changes found so far, and the shared definitions
 * already compared (a component used by twenty operations is reported once, under its own name).
 */
export class Comparison {
  /**
   * @param {any} before the last released bundled spec
   * @param {any} after the current bundled spec
   */
  constructor(before, after) {
    this.before = before;
    this.after = after;
    /** @type {SpecChange[]} */
    this.changes = [];
    /** @type {Set<string>} */
    this.visited = new Set();
  }

  /**
   * Records a change; its kind is the rule's level (`change-rules.js`).
   * @param {import('./change-rules.js').ChangeRule} rule
   * @param {string} location
   * @param {string} message
   */
  report(rule, location, message) {
    const kind = CHANGE_RULES[rule];
    if (kind === undefined) throw new Error(`no rule ${rule} in change-rules.js`);
    this.changes.push({ kind, rule, location, message });
  }

  /**
   * True the first time a key is seen: shared definitions are compared once per key.
   * @param {string} key
   */
  firstVisit(key) {
    if (this.visited.has(key)) return false;
    this.visited.add(key);
    return true;
  }

  /**
   * Whether to compare a parameter, response or request body: always when neither side is a `$ref`, else the
   * first time this pair of shared definitions is met in this direction (a request body an operation sends and
   * a webhook receives is judged by both rules).
   * @param {'parameter' | 'response' | 'requestBody'} kind
   * @param {unknown} before raw, possibly a `$ref`
   * @param {unknown} after raw, possibly a `$ref`
   * @param {Direction} direction
   */
  firstVisitShared(kind, before, after, direction) {
    const beforeName = refName(before);
    const afterName = refName(after);
    if (beforeName === undefined && afterName === undefined) return true;
    return this.firstVisit(`${kind}:${beforeName}|${afterName}|${direction}`);
  }
}

/**
 * Joins location parts.
 * @param {...string} parts
 */
export function at(...parts) {
  return parts.filter(Boolean).join(LOCATION_SEPARATOR);
}

/**
 * A keyword's value as a message shows it: JSON, or `(none)` when it is absent.
 * @param {unknown} value
 */
export function shown(value) {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

import { at, DIRECTION } from './comparison.js';

/**
 * Where and how a schema is compared.
 * @typedef {object} SchemaContext
 * @property {import('./comparison.js').Direction} direction who writes the data the schema describes
 * @property {string} location
 * @property {boolean} [textual] the value travels as text (a parameter, a header, a body that is not JSON), where
 *   a string reader reads a number or a boolean as well
 * @property {boolean} [parameter] the schema of a parameter itself, whose default says what an omitted parameter
 *   means
 * @property {boolean} [valuesDecidedAbove] the enclosing schema judged the accepted values as a whole (the branches
 *   of an anyOf, the payload of a nullable wrapper)
 */

/**
 * Compares two schemas found at the same place: `compareSchema` of schema-changes.js. The comparers of a schema's
 * keywords (alternatives, constraints, properties) recurse through it and receive it as a parameter: schema-changes.js
 * imports them, so importing it back would make an import cycle.
 * @callback CompareSchema
 * @param {import('./comparison.js').Comparison} comparison
 * @param {unknown} before raw schema of the released spec
 * @param {unknown} after raw schema of the current spec
 * @param {SchemaContext} context
 * @returns {void}
 */

/**
 * The context of a part of a schema (a property, the items): same direction and wire, a longer location.
 * @param {SchemaContext} context
 * @param {string} part
 * @returns {SchemaContext}
 */
export function within(context, part) {
  return { direction: context.direction, textual: context.textual, location: at(context.location, part) };
}

/**
 * The context of an array's items (`answers[]`), or of the item at one position (`answers[0]`).
 * @param {SchemaContext} context
 * @param {number} [position]
 * @returns {SchemaContext}
 */
export function itemsOf(context, position) {
  return { direction: context.direction, textual: context.textual, location: `${context.location}[${position ?? ''}]` };
}

/**
 * Whether the consumer writes the data (a request, or a webhook's answer).
 * @param {SchemaContext} context
 */
export function consumerSends(context) {
  return context.direction === DIRECTION.consumerSends;
}

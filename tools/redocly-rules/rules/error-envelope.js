import { isErrorResponseKey } from '../lib/error-response-key.js';
import { operationLabel, visitPathOperations } from '../lib/path-operations.js';

/**
 * @typedef {import('../lib/visitor-types.js').Location} Location
 * @typedef {import('../lib/visitor-types.js').Referenced<import('../lib/visitor-types.js').Schema>} SchemaEntry
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 */

/** Section 4: "Error bodies have the error envelope of section 7", as JSON. */
const ERROR_MEDIA_TYPE = 'application/json';
/** The component that models the section 7 envelope (`code`, `message`, optional `details`). */
const DEFAULT_ENVELOPE_SCHEMA = 'ErrorEnvelope';

/**
 * `payments-connect/error-envelope`: every 4xx/5xx response of an operation has `application/json`
 * content whose schema is a `$ref` to the envelope component, with at least one named example (the
 * mock serves named examples, and readers see what the error looks like).
 *
 * A response shared through `components/responses` is checked, and reported, once.
 *
 * @param {{ envelopeSchema?: string }} [options] name of the envelope component (default `ErrorEnvelope`)
 * @returns {Visitor}
 */
export default function ErrorEnvelope({ envelopeSchema = DEFAULT_ENVELOPE_SCHEMA } = {}) {
  /** @type {Set<string>} */
  const checkedResponses = new Set();
  return visitPathOperations((pathOperation) => {
    const { operation, ctx } = pathOperation;
    for (const [status, entry] of Object.entries(operation.responses ?? {})) {
      if (!isErrorResponseKey(status)) continue;
      const isRef = typeof entry?.$ref === 'string';
      const resolved = ctx.resolve(entry);
      const response = resolved.node;
      if (response === undefined) continue; // an unresolved $ref is reported by no-unresolved-refs
      const at = isRef ? resolved.location : ctx.location.child(['responses', status]);
      if (checkedResponses.has(at.absolutePointer)) continue;
      checkedResponses.add(at.absolutePointer);
      const shared = isRef ? ` (shared: ${entry.$ref})` : '';
      const subject = `The ${status} response of ${operationLabel(pathOperation)}${shared}`;
      /**
       * @param {string} message
       * @param {Location} location
       */
      const report = (message, location) => ctx.report({ message: `${subject} ${message}`, location });

      const media = response.content?.[ERROR_MEDIA_TYPE];
      if (media === undefined) {
        report(
          `has no ${ERROR_MEDIA_TYPE} content: error bodies use the section 7 envelope; ` +
            `add content.${ERROR_MEDIA_TYPE} with schema $ref ${envelopeSchema} and a named example.`,
          isRef ? at : at.key(),
        );
        continue;
      }
      const mediaAt = at.child(['content', ERROR_MEDIA_TYPE]);
      if (refName(media.schema) !== envelopeSchema) {
        report(
          `does not use the error envelope: set its ${ERROR_MEDIA_TYPE} schema to a $ref to ${envelopeSchema}.`,
          media.schema === undefined ? mediaAt.key() : mediaAt.child('schema'),
        );
      }
      if (Object.keys(media.examples ?? {}).length === 0) {
        report(
          'has no named example: add an examples map with at least one named example of the envelope ' +
            '(a bare "example" has no name to pair it by).',
          mediaAt.key(),
        );
      }
    }
  });
}

/**
 * The component name a `$ref` points at: `../schemas/ErrorEnvelope.yaml` and
 * `#/components/schemas/ErrorEnvelope` both give `ErrorEnvelope`.
 * @param {SchemaEntry | undefined} schema
 * @returns {string | undefined} undefined for an inline schema
 */
function refName(schema) {
  if (typeof schema?.$ref !== 'string') return undefined;
  const lastSegment = schema.$ref.split(/[/\\#]/).pop() ?? '';
  return lastSegment.replace(/\.(ya?ml|json)$/, '');
}

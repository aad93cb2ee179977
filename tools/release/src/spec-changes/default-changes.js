import { at, shown } from './comparison.js';
import { jsonEqual } from './json-equal.js';
import { consumerSends } from './schema-context.js';

/**
 * A default says what the API does with a field a consumer leaves out. Changed or removed, consumers that leave it
 * out get another behaviour. Added to a parameter, it changes what an omitted parameter meant (no filter, every
 * item) to the new value; added to a body field, it documents what the API did with an omitted field. A response's
 * default only documents.
 * @param {import('./comparison.js').Comparison} comparison
 * @param {any} b resolved schema of the released spec
 * @param {any} a resolved schema of the current spec
 * @param {import('./schema-context.js').SchemaContext} context
 */
export function compareDefault(comparison, b, a, context) {
  if (jsonEqual(b.default, a.default)) return;
  const where = at(context.location, 'default');
  const what =
    b.default === undefined
      ? `default ${shown(a.default)} added`
      : a.default === undefined
        ? `default ${shown(b.default)} removed`
        : `default ${shown(b.default)} -> ${shown(a.default)}`;
  if (!consumerSends(context)) comparison.report('response-default-changed', where, what);
  else if (b.default !== undefined || context.parameter)
    comparison.report(
      'request-default-changed',
      where,
      `${what}: consumers that leave it out get a different behaviour`,
    );
  else comparison.report('request-default-added', where, `${what}: it documents what the API does when it is left out`);
}

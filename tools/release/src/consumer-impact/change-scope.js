import { HTTP_METHODS, resolveRef } from '@payments-connect/contract';
import { LOCATION_SEPARATOR } from '../spec-changes/comparison.js';
import { operationKey } from '../spec-changes/operation-changes.js';
import { essence } from './component-usage.js';
import { schemaPath, schemaRoots, splitSuffixes } from './schema-path.js';

/** @typedef {import('./component-usage.js').ChangePlace} ChangePlace */
/** @typedef {import('./component-usage.js').ComponentUsage} ComponentUsage */
/** @typedef {import('../spec-changes/comparison.js').SpecChange} SpecChange */

/**
 * What of consumers' traffic a change concerns: the places a recorded exchange can touch, or why none can.
 * @typedef {{ visible: true, places: ChangePlace[], keyword: string | undefined } |
 *   { visible: false, reason: string }} ChangeScope
 *   `keyword`: the JSON Schema keyword (or `media-type`) the location ends with, when it does: of two changes at one
 *   place, the one whose keyword a violation names explains it
 */

/** Why no recording can show who a change breaks, by kind. */
export const HIDDEN_REASONS = /** @type {const} */ ({
  servers: 'recordings do not show which server a consumer is configured with',
  webhook: 'recordings hold the requests consumers make, not the webhook deliveries they receive',
  typeName: 'it is a type name of @payments-connect/types, which is not on the wire',
  document: 'it is tied to no operation',
  unused: 'no operation of either version uses it',
});

/** Serialization keys of a parameter, as the classifier names them (`... > query parameter limit > style`). */
const SERIALIZATION_KEYS = new Set(['style', 'explode', 'allowReserved', 'allowEmptyValue', 'content']);
/**
 * The places of consumers' exchanges a change concerns, read from its location, which the classifier writes as the
 * path to the change (`GET /items > query parameter limit > maxLength`, `schema Item (consumer receives) > name`,
 * `response NotFound > application/json`). A shared parameter or request body, reported at the first operation that
 * uses it, concerns every operation that uses it; a named schema or response, every place that uses it.
 * @param {SpecChange} change
 * @param {{ before: any, after: any, usage: ComponentUsage }} context the two versions and where they use what
 * @returns {ChangeScope}
 */
export function scopeOfChange(change, context) {
  const [head = '', ...rest] = change.location.split(LOCATION_SEPARATOR);
  const scope = scopeAt(change, head, rest, context);
  if (!scope.visible || scope.places.length > 0) return scope;
  const named = /^schema (.+) \(/.exec(head);
  return hidden(named?.[1] && context.usage.inWebhooks(named[1]) ? 'webhook' : 'unused');
}

/**
 * @param {SpecChange} change
 * @param {string} head the first part of the location: what it is anchored to
 * @param {string[]} rest
 * @param {{ before: any, after: any, usage: ComponentUsage }} context
 * @returns {ChangeScope}
 */
function scopeAt(change, head, rest, context) {
  const { usage } = context;
  if (head === 'servers' || change.rule === 'servers-changed') return hidden('servers');
  if (head.startsWith('webhook ')) return hidden('webhook');
  const label = /^([A-Z]+) (\/.*)$/.exec(head);
  if (label?.[1] && label[2] && HTTP_METHODS.includes(/** @type {any} */ (label[1].toLowerCase())))
    return operationScope(change, operationKey(label[1], label[2]), rest, context);
  const named = /^schema (.+) \((consumer (?:sends|receives)(?: as text)?)\)$/.exec(head);
  if (named?.[1] && named[2]) {
    const name = named[1];
    const roots = schemaRoots(context, (document) => document.components?.schemas?.[name]);
    const { pointer, keyword } = schemaPath(rest, roots);
    const places = usage
      .schemaPlaces(name, /** @type {import('./component-usage.js').SchemaMode} */ (named[2]))
      .map((place) => (place.pointer ? { ...place, pointer: [...place.pointer, ...pointer] } : place));
    return visible(places, keyword);
  }
  if (head.startsWith('schema ')) return hidden('typeName');
  const response = /^response (.+)$/.exec(head);
  if (response?.[1]) {
    const name = response[1];
    const places = usage.referencePlaces('responses', name);
    const component = (/** @type {any} */ document) => resolveRef(document, document.components?.responses?.[name]);
    return responseScope(change, places, context, component, rest);
  }
  if (head === 'security') {
    // The document's requirements apply to every operation that sets none of its own.
    const keys = [...usage.operations].filter(([, { before, after }]) =>
      [before, after].some((operation) => operation && operation.operation.security === undefined),
    );
    return visible(keys.map(([key]) => ({ part: 'security', operation: key })));
  }
  const scheme = /^security scheme (.+)$/.exec(head);
  if (scheme?.[1]) {
    const name = scheme[1];
    const keys = [...usage.operations].filter(([, { before, after }]) =>
      [before, after].some((operation) => operation?.security.some((requirement) => name in requirement)),
    );
    return visible(keys.map(([key]) => ({ part: 'security', operation: key })));
  }
  if (head.startsWith('/')) {
    // A path variable renamed: the location is the path template, every operation of it concerned.
    const keys = [...usage.operations].filter(([, { before, after }]) => (after ?? before)?.path === head);
    return visible(keys.map(([key]) => ({ part: 'operation', operation: key })));
  }
  return hidden('document');
}

/**
 * @param {SpecChange} change
 * @param {string} key the operation
 * @param {string[]} rest the location after the operation
 * @param {{ before: any, after: any, usage: ComponentUsage }} context
 * @returns {ChangeScope}
 */
function operationScope(change, key, rest, context) {
  const [first, ...more] = rest;
  const { usage } = context;
  if (first === undefined) return visible([{ part: 'operation', operation: key }]);
  if (first === 'servers') return hidden('servers');
  if (first === 'security') return visible([{ part: 'security', operation: key }]);
  const parameter = /^(query|header|path|cookie) parameter (.+)$/.exec(first);
  if (parameter?.[1] && parameter[2]) {
    const where = parameter[1];
    const name = where === 'header' ? parameter[2].toLowerCase() : parameter[2];
    const keys = sharedOperations(usage, 'parameters', key, `${where} ${name}`);
    const keyword =
      more.length === 1 && SERIALIZATION_KEYS.has(more[0] ?? '')
        ? more[0]
        : schemaPath(
            more,
            schemaRoots(context, (_, side) =>
              usage.operations
                .get(key)
                ?.[side]?.parameters.find((p) => p.in === where && normalName(p.in, p.name) === name),
            ).map(({ document, schema }) => ({ document, schema: /** @type {any} */ (schema).schema })),
          ).keyword;
    return visible(
      keys.map((operation) => ({ part: 'parameter', operation, in: where, name })),
      keyword,
    );
  }
  if (first === 'request body') {
    const keys = sharedOperations(usage, 'requestBodies', key, '');
    const [mediaPart, ...schemaParts] = more;
    if (mediaPart === undefined) return visible(keys.map((operation) => ({ part: 'request-body', operation })));
    const { base: mediaType, suffixes } = splitSuffixes(mediaPart);
    const roots = schemaRoots(
      context,
      (_, side) => usage.operations.get(key)?.[side]?.requestBody?.requestBody.content?.[mediaType]?.schema,
    );
    const { pointer, keyword } = schemaPath([suffixes, ...schemaParts], roots);
    const places = keys.map((operation) => ({
      part: /** @type {const} */ ('request-content'),
      operation,
      mediaType: essence(mediaType),
      pointer,
    }));
    return visible(places, change.rule === 'media-type-removed' ? 'media-type' : keyword);
  }
  const status = /^response (.+)$/.exec(first);
  if (status?.[1]) {
    const code = status[1];
    const response = (/** @type {any} */ _document, /** @type {'before' | 'after'} */ side) =>
      usage.operations.get(key)?.[side]?.responses.find((r) => r.status === code)?.response;
    return responseScope(change, [{ part: 'response', operation: key, status: code }], context, response, more);
  }
  // Any other key of the operation (`callbacks`): calling it is what touches it.
  return visible([{ part: 'operation', operation: key }]);
}

/**
 * @param {SpecChange} change
 * @param {ChangePlace[]} statuses the responses concerned: `{ operation, status }` each
 * @param {{ before: any, after: any, usage: ComponentUsage }} context
 * @param {(document: any, side: 'before' | 'after') => any} responseOf the resolved Response Object, in a version
 * @param {string[]} rest the location after the response
 * @returns {ChangeScope}
 */
function responseScope(change, statuses, context, responseOf, rest) {
  const [first, ...more] = rest;
  if (first === undefined) {
    // A new success status concerns every caller: none of them has seen it.
    if (change.rule === 'success-status-added')
      return visible(statuses.map(({ operation }) => ({ part: 'operation', operation })));
    return visible(statuses);
  }
  const header = /^header (.+)$/.exec(first);
  if (header?.[1]) {
    const name = header[1].toLowerCase();
    const roots = schemaRoots(context, (document, side) => {
      const headers = responseOf(document, side)?.headers ?? {};
      const written = Object.keys(headers).find((h) => h.toLowerCase() === name);
      return written === undefined ? undefined : resolveRef(document, headers[written])?.schema;
    });
    return visible(
      statuses.map((place) => ({ ...place, part: 'response-header', name })),
      schemaPath(more, roots).keyword,
    );
  }
  const { base: mediaType, suffixes } = splitSuffixes(first);
  const roots = schemaRoots(context, (document, side) => responseOf(document, side)?.content?.[mediaType]?.schema);
  const { pointer, keyword } = schemaPath([suffixes, ...more], roots);
  return visible(
    statuses.map((place) => ({ ...place, part: 'response-content', mediaType: essence(mediaType), pointer })),
    change.rule === 'media-type-removed' ? 'media-type' : keyword,
  );
}

/**
 * The operations a parameter or request body concerns: the one the change names and, when the classifier reported it
 * there for being a shared component, every other that uses the component.
 * @param {ComponentUsage} usage
 * @param {'parameters' | 'requestBodies'} kind
 * @param {string} key
 * @param {string} which
 */
function sharedOperations(usage, kind, key, which) {
  const name = usage.sharedName(kind, key, which);
  if (name === undefined) return [key];
  return [...new Set([key, ...usage.referencePlaces(kind, name).map((place) => place.operation)])];
}

/**
 * A parameter's name as places key it: a header's in lower case (header names are case-insensitive).
 * @param {string} where
 * @param {string} name
 */
export function normalName(where, name) {
  return where === 'header' ? name.toLowerCase() : name;
}

/**
 * @param {ChangePlace[]} places
 * @param {string | undefined} [keyword]
 * @returns {ChangeScope}
 */
function visible(places, keyword) {
  return { visible: true, places, keyword };
}

/**
 * @param {keyof typeof HIDDEN_REASONS} kind
 * @returns {ChangeScope}
 */
function hidden(kind) {
  return { visible: false, reason: HIDDEN_REASONS[kind] };
}

import { listOperations, listWebhooks, parseMediaType, resolveRef } from '@payments-connect/contract';
import { operationKey } from '../spec-changes/operation-changes.js';
import { refName } from '../spec-changes/ref-name.js';

/**
 * Where in the exchanges of consumers a change can be seen: an operation called, its security, a parameter, the request
 * body (its presence, or a place in its content), a response status, one of its headers, or a place in its content.
 * @typedef {object} ChangePlace
 * @property {'operation' | 'security' | 'parameter' | 'request-body' | 'request-content' | 'response' |
 *   'response-header' | 'response-content'} part
 * @property {string} operation the operation's key (`get /items/{}`, {@link operationKey})
 * @property {string} [in] a parameter's location
 * @property {string} [name] a parameter's name (a header's in lower case), or an answer header's (lower case)
 * @property {string} [status] the key of a response (`200`, `4XX`, `default`)
 * @property {string} [mediaType] the media type of a content part, its essence
 * @property {string[]} [pointer] a content part's place in the body: the segments of its instance path, `*` for any
 *   array index or object key
 */

/**
 * The direction a named schema is judged in, as a change's location names it (`schema Item (consumer receives)`): who
 * writes the data, and whether it travels as text (a parameter, a header, a body that is not JSON).
 * @typedef {'consumer sends' | 'consumer sends as text' | 'consumer receives' | 'consumer receives as text'} SchemaMode
 */

/** A recursive schema is followed this many segments deep into a body: deeper places are not told apart. */
const MAX_INSTANCE_DEPTH = 16;
const NAMED_SCHEMA = '#/components/schemas/';

/**
 * What the places of a change are found from: each operation of both versions by key, and where their shared
 * components are used (the classifier reports a shared parameter or request body once, at the first operation that
 * uses it, and a named schema or response once, under its own name).
 * @typedef {object} ComponentUsage
 * @property {Map<string, { before?: import('@payments-connect/contract').ContractOperation,
 *   after?: import('@payments-connect/contract').ContractOperation }>} operations by key
 * @property {(name: string, mode: SchemaMode) => ChangePlace[]} schemaPlaces where a named schema is used in that
 *   direction, in either version: a body place with the instance path of each use, or the parameter or header it types
 * @property {(kind: 'parameters' | 'requestBodies' | 'responses', name: string) => ChangePlace[]} referencePlaces
 *   the operations (and, for a response, the statuses) that use a shared component by `$ref`, in either version
 * @property {(kind: 'parameters' | 'requestBodies', key: string, which: string) => string | undefined} sharedName the
 *   component a parameter (`which`: `in name`) or the request body (`which`: `''`) of an operation is a `$ref` to
 * @property {(name: string) => boolean} inWebhooks whether a webhook of either version uses the named schema
 */

/**
 * Indexes where the operations of the two versions use their shared components.
 * @param {any} before the released bundled spec
 * @param {any} after the current one
 * @returns {ComponentUsage}
 */
export function indexComponentUsage(before, after) {
  /** @type {ComponentUsage['operations']} */
  const operations = new Map();
  /** @type {Map<string, ChangePlace[]>} */
  const schemas = new Map();
  /** @type {Map<string, ChangePlace[]>} */
  const references = new Map();
  /** @type {Map<string, string>} */
  const shared = new Map();
  /** @type {Set<string>} */
  const webhookSchemas = new Set();
  /** @param {Map<string, ChangePlace[]>} map @param {string} key @param {ChangePlace} place */
  const add = (map, key, place) => map.set(key, [...(map.get(key) ?? []), place]);

  for (const [side, document] of /** @type {const} */ ([
    ['before', before],
    ['after', after],
  ])) {
    for (const operation of listOperations(document)) {
      const key = operationKey(operation.method, operation.path);
      operations.set(key, { ...operations.get(key), [side]: operation });
      /** @param {SchemaMode} mode @param {ChangePlace} place @param {unknown} schema */
      const walk = (mode, place, schema) =>
        walkSchema(document, schema, place.pointer ?? [], new Set(), (name, pointer) =>
          add(schemas, `${mode}|${name}`, place.pointer ? { ...place, pointer } : place),
        );

      for (const raw of [...(operation.pathItem.parameters ?? []), ...(operation.operation.parameters ?? [])]) {
        const parameter = resolveRef(document, raw);
        const name = parameter.in === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name);
        /** @type {ChangePlace} */
        const place = { part: 'parameter', operation: key, in: parameter.in, name };
        const component = componentName(raw, 'parameters');
        if (component) {
          add(references, `parameters|${component}`, place);
          shared.set(`parameters|${key}|${parameter.in} ${name}`, component);
        }
        walk('consumer sends as text', place, parameter.schema);
        for (const media of Object.values(parameter.content ?? {}))
          walk('consumer sends as text', place, /** @type {any} */ (media)?.schema);
      }

      const requestBody = operation.operation.requestBody;
      const bodyComponent = componentName(requestBody, 'requestBodies');
      if (bodyComponent) {
        add(references, `requestBodies|${bodyComponent}`, { part: 'request-body', operation: key });
        shared.set(`requestBodies|${key}|`, bodyComponent);
      }
      for (const [mediaType, media] of Object.entries(resolveRef(document, requestBody)?.content ?? {})) {
        const mode = isJsonMediaType(mediaType) ? 'consumer sends' : 'consumer sends as text';
        walk(
          mode,
          { part: 'request-content', operation: key, mediaType: essence(mediaType), pointer: [] },
          media.schema,
        );
      }

      for (const [status, raw] of Object.entries(operation.operation.responses ?? {})) {
        const component = componentName(raw, 'responses');
        if (component) add(references, `responses|${component}`, { part: 'response', operation: key, status });
        const response = resolveRef(document, raw);
        for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
          const mode = isJsonMediaType(mediaType) ? 'consumer receives' : 'consumer receives as text';
          /** @type {ChangePlace} */
          const place = {
            part: 'response-content',
            operation: key,
            status,
            mediaType: essence(mediaType),
            pointer: [],
          };
          walk(mode, place, /** @type {any} */ (media)?.schema);
        }
        for (const [header, definition] of Object.entries(response?.headers ?? {})) {
          /** @type {ChangePlace} */
          const place = { part: 'response-header', operation: key, status, name: header.toLowerCase() };
          walk('consumer receives as text', place, resolveRef(document, definition)?.schema);
        }
      }
    }
    for (const { operation } of listWebhooks(document)) {
      const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})];
      for (const body of bodies)
        for (const media of Object.values(resolveRef(document, body)?.content ?? {}))
          walkSchema(document, /** @type {any} */ (media)?.schema, [], new Set(), (name) => webhookSchemas.add(name));
    }
  }
  return {
    operations,
    schemaPlaces: (name, mode) => distinct(schemas.get(`${mode}|${name}`) ?? []),
    referencePlaces: (kind, name) => distinct(references.get(`${kind}|${name}`) ?? []),
    sharedName: (kind, key, which) => shared.get(`${kind}|${key}|${which}`),
    inWebhooks: (name) => webhookSchemas.has(name),
  };
}

/**
 * Calls `visit` with each named schema a schema uses and the instance path it is used at, following references,
 * compositions, properties and items (`*` for any index or key).
 * @param {unknown} document
 * @param {unknown} schema raw
 * @param {string[]} pointer where `schema` applies in the instance
 * @param {Set<string>} followed references already followed at a place, so that a recursive schema ends
 * @param {(name: string, pointer: string[]) => void} visit
 */
function walkSchema(document, schema, pointer, followed, visit) {
  if (!schema || typeof schema !== 'object' || pointer.length > MAX_INSTANCE_DEPTH) return;
  const node = /** @type {Record<string, any>} */ (schema);
  if (typeof node.$ref === 'string') {
    const name = node.$ref.startsWith(NAMED_SCHEMA) ? refName(node) : undefined;
    if (name) visit(name, pointer);
    const key = `${node.$ref}|${pointer.join('/')}`;
    if (followed.has(key)) return;
    followed.add(key);
    walkSchema(document, resolveRef(document, { $ref: node.$ref }), pointer, followed, visit);
  }
  /** @param {unknown} child @param {string[]} at */
  const into = (child, at) => walkSchema(document, child, at, followed, visit);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) for (const branch of node[keyword] ?? []) into(branch, pointer);
  for (const keyword of ['not', 'if', 'then', 'else']) into(node[keyword], pointer);
  for (const branch of Object.values(node.dependentSchemas ?? {})) into(branch, pointer);
  for (const [name, child] of Object.entries(node.properties ?? {})) into(child, [...pointer, name]);
  for (const child of Object.values(node.patternProperties ?? {})) into(child, [...pointer, '*']);
  for (const keyword of ['additionalProperties', 'unevaluatedProperties', 'items', 'contains', 'unevaluatedItems'])
    into(node[keyword], [...pointer, '*']);
  for (const [index, child] of (node.prefixItems ?? []).entries()) into(child, [...pointer, String(index)]);
}

/**
 * The name of the component of this kind a node is a `$ref` to, undefined when it is written in place.
 * @param {unknown} node
 * @param {string} kind `parameters`, `requestBodies`, `responses`
 */
function componentName(node, kind) {
  const ref = /** @type {any} */ (node)?.$ref;
  return typeof ref === 'string' && ref.startsWith(`#/components/${kind}/`) ? refName(node) : undefined;
}

/**
 * A media type's essence (`application/json` of `application/json; charset=utf-8`).
 * @param {string} mediaType
 */
export function essence(mediaType) {
  return parseMediaType(mediaType)?.essence ?? mediaType.toLowerCase();
}

/**
 * Whether a body of this media type is JSON (`application/json`, `application/problem+json`).
 * @param {string | undefined} mediaType
 */
export function isJsonMediaType(mediaType) {
  if (mediaType === undefined) return false;
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * The places without repeats (an operation found in both versions is listed once).
 * @param {ChangePlace[]} places
 */
function distinct(places) {
  return [...new Map(places.map((place) => [JSON.stringify(place), place])).values()];
}

import { listOperations, listWebhooks } from '@payments-connect/contract';
import { at, DIRECTION } from './comparison.js';
import { compareParameters, effectiveParameters } from './parameter-changes.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareRequestBody } from './request-body-changes.js';
import { compareResponses } from './response-changes.js';
import { compareSecurity } from './security-changes.js';
import { compareServers } from './server-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/** A variable of a path template (`{rfiId}`). */
const PATH_VARIABLE = /\{([^}]*)\}/g;

/**
 * An operation of `paths` or `webhooks`, with what it needs to be compared: the path item as written (its own
 * servers, and its parameters' `$ref`s, so that a shared parameter is reported once), as the contract model lists it.
 * @typedef {object} OperationEntry
 * @property {string} label how a reader names it (`PUT /v1/rfi/{rfiId}/responses`, `webhook v1.rfi.case.* POST`)
 * @property {string} name the path template or the webhook name
 * @property {boolean} webhook true for an operation the API calls on the consumer
 * @property {any} pathItem
 * @property {any} operation
 */

/**
 * The key of an operation that stays the same when a path variable is renamed (`/rfi/{id}` and `/rfi/{rfiId}` are one
 * path on the wire): `get /rfi/{}`.
 * @param {string} method
 * @param {string} path the path template
 */
export function operationKey(method, path) {
  return `${method.toLowerCase()} ${path.replace(PATH_VARIABLE, '{}')}`;
}

/**
 * Lists the operations of a document through the contract model, keyed by {@link operationKey} so that the same
 * operation matches across versions even when a path variable is renamed.
 * @param {any} document
 * @returns {Map<string, OperationEntry>}
 */
export function collectOperations(document) {
  /** @type {Map<string, OperationEntry>} */
  const operations = new Map();
  for (const { method, path, pathItem, operation } of listOperations(document)) {
    const label = `${method} ${path}`;
    operations.set(operationKey(method, path), {
      label,
      name: path,
      webhook: false,
      pathItem,
      operation,
    });
  }
  for (const { method, name, pathItem, operation } of listWebhooks(document)) {
    operations.set(`webhook ${name} ${method.toLowerCase()}`, {
      label: `webhook ${name} ${method}`,
      name,
      webhook: true,
      pathItem,
      operation,
    });
  }
  return operations;
}

/**
 * Compares every operation: removed ones break consumers, added ones do not, common ones are compared
 * part by part.
 * @param {Comparison} comparison
 */
export function compareOperations(comparison) {
  const before = collectOperations(comparison.before);
  const after = collectOperations(comparison.after);
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(key);
    const a = after.get(key);
    if (!a && b) {
      comparison.report(
        b.webhook ? 'webhook-removed' : 'operation-removed',
        b.label,
        b.webhook ? 'webhook removed: consumers stop receiving these events' : 'operation removed',
      );
    } else if (!b && a) {
      comparison.report(
        a.webhook ? 'webhook-added' : 'operation-added',
        a.label,
        a.webhook ? 'new webhook' : 'new operation',
      );
    } else if (a && b) {
      compareOperation(comparison, b, a);
    }
  }
}

/**
 * The path variables renamed between two templates of one path, matched by position: `id` -> `itemId`.
 * @param {string} before
 * @param {string} after
 * @returns {Map<string, string>}
 */
function renamedPathVariables(before, after) {
  const names = (/** @type {string} */ template) => [...template.matchAll(PATH_VARIABLE)].map((m) => m[1] ?? '');
  const afterNames = names(after);
  return new Map(
    names(before)
      .map((name, i) => /** @type {[string, string]} */ ([name, afterNames[i] ?? name]))
      .filter(([from, to]) => from !== to),
  );
}

/**
 * @param {Comparison} comparison
 * @param {OperationEntry} before
 * @param {OperationEntry} after
 */
function compareOperation(comparison, before, after) {
  const location = after.label;
  const b = before.operation;
  const a = after.operation;
  // A webhook turns the roles round: the API writes the event, the consumer's endpoint writes the answer.
  const inbound = after.webhook ? DIRECTION.consumerReceives : DIRECTION.consumerSends;
  const outbound = after.webhook ? DIRECTION.consumerSends : DIRECTION.consumerReceives;
  compareOperationId(comparison, b.operationId, a.operationId, location);
  const renamed = after.webhook ? new Map() : renamedPathVariables(before.name, after.name);
  if (renamed.size > 0 && comparison.firstVisit(`path:${before.name}|${after.name}`)) {
    const pairs = [...renamed].map(([from, to]) => `{${from}} -> {${to}}`).join(', ');
    comparison.report(
      'path-parameter-renamed',
      after.name,
      `path variable renamed (${pairs}): the URL on the wire is the same, but @payments-connect/types keys paths ` +
        'by the template and path parameters by name, so calls such as ' +
        `client.${location.split(' ')[0]}('${before.name}', ...) stop compiling`,
    );
  }
  const serversBefore = b.servers ?? before.pathItem.servers;
  const serversAfter = a.servers ?? after.pathItem.servers;
  compareServers(comparison, serversBefore, serversAfter, at(location, 'servers'));
  if (b.security !== undefined || a.security !== undefined) {
    // What applies: the operation's own requirements, else the document's (compared once, at the top).
    compareSecurity(
      comparison,
      b.security ?? comparison.before.security,
      a.security ?? comparison.after.security,
      at(location, 'security'),
    );
  }
  compareParameters(
    comparison,
    effectiveParameters(comparison.before, before.pathItem, b, renamed),
    effectiveParameters(comparison.after, after.pathItem, a),
    inbound,
    location,
  );
  compareRequestBody(comparison, b.requestBody, a.requestBody, inbound, location);
  compareResponses(comparison, b.responses, a.responses, outbound, location);
  compareRemainingKeys(
    comparison,
    b,
    a,
    ['operationId', 'servers', 'security', 'parameters', 'requestBody', 'responses'],
    location,
  );
}

/**
 * `@payments-connect/types` keys `operations` by operationId: code that names `operations['getItem']` stops
 * compiling when the id changes or goes. An operation that had none gains an entry.
 * @param {Comparison} comparison
 * @param {string | undefined} before
 * @param {string | undefined} after
 * @param {string} location
 */
function compareOperationId(comparison, before, after, location) {
  if (before === after) return;
  if (before === undefined) {
    comparison.report(
      'operation-id-added',
      location,
      `operationId ${after} added: generated types gain operations['${after}']`,
    );
  } else if (after === undefined) {
    comparison.report(
      'operation-id-changed',
      location,
      `operationId ${before} removed: code that names operations['${before}'] in the generated types stops compiling`,
    );
  } else {
    comparison.report(
      'operation-id-changed',
      location,
      `operationId ${before} -> ${after}: ` +
        `code that names operations['${before}'] in the generated types stops compiling`,
    );
  }
}

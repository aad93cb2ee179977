import { HTTP_METHODS, resolveRef } from '@payments-connect/openapi/model';
import { at, DIRECTION } from './comparison.js';
import { jsonEqual } from './json-equal.js';
import { compareParameters, effectiveParameters } from './parameter-changes.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareRequestBody } from './request-body-changes.js';
import { compareResponses } from './response-changes.js';
import { compareServers } from './server-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/**
 * An operation of `paths` or `webhooks`, with what it needs to be compared.
 * @typedef {object} OperationEntry
 * @property {string} label how a reader names it (`PUT /v1/rfi/{rfiId}/responses`, `webhook v1.rfi.case.* POST`)
 * @property {boolean} webhook true for an operation the API calls on the consumer
 * @property {any} pathItem
 * @property {any} operation
 */

/**
 * Lists the operations of a document, keyed so that the same operation matches across versions even
 * when a path parameter is renamed (`/rfi/{id}` and `/rfi/{rfiId}` are one path).
 * @param {any} document
 * @returns {Map<string, OperationEntry>}
 */
export function collectOperations(document) {
  const operations = new Map();
  for (const [group, webhook] of /** @type {const} */ ([
    ['paths', false],
    ['webhooks', true],
  ])) {
    for (const [name, rawItem] of Object.entries(document[group] ?? {})) {
      const pathItem = resolveRef(document, rawItem);
      for (const method of HTTP_METHODS) {
        if (!pathItem[method]) continue;
        const key = webhook ? `webhook ${name} ${method}` : `${method} ${name.replace(/\{[^}]*\}/g, '{}')}`;
        const label = webhook ? `webhook ${name} ${method.toUpperCase()}` : `${method.toUpperCase()} ${name}`;
        operations.set(key, { label, webhook, pathItem, operation: pathItem[method] });
      }
    }
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
      comparison.breaking(
        b.webhook ? 'webhook-removed' : 'operation-removed',
        b.label,
        b.webhook ? 'webhook removed: consumers stop receiving these events' : 'operation removed',
      );
    } else if (!b && a) {
      comparison.nonBreaking(
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
  if (b.operationId !== a.operationId) {
    // @payments-connect/types keys `operations` by operationId: a consumer's `operations['x']` stops compiling.
    comparison.breaking(
      'operation-id-changed',
      location,
      `operationId ${b.operationId} -> ${a.operationId}: generated types name operations by it`,
    );
  }
  const serversBefore = b.servers ?? before.pathItem.servers;
  const serversAfter = a.servers ?? after.pathItem.servers;
  compareServers(comparison, serversBefore, serversAfter, at(location, 'servers'));
  if (!jsonEqual(b.security, a.security)) {
    comparison.breaking(
      'security-changed',
      at(location, 'security'),
      `security ${JSON.stringify(b.security ?? 'document default')} -> ${JSON.stringify(a.security ?? 'document default')}`,
    );
  }
  compareParameters(
    comparison,
    effectiveParameters(comparison.before, before.pathItem, b),
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

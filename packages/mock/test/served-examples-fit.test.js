// The mock serves the spec's response examples (the first success by default, any other through Prefer), so none
// may contradict the operation it sits on: an error message names only what the operation takes, and cites only
// ids its request examples send. Read through the contract model, as the mock reads them.
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';

const contract = loadContract();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The property names of a schema, and of its array items and nested objects.
 * @param {unknown} raw
 * @param {Set<string>} names
 * @param {number} depth bounded: schemas may be recursive
 */
function propertyNames(raw, names = new Set(), depth = 0) {
  const schema = contract.dereference(raw).node;
  if (!schema || typeof schema !== 'object' || depth > 5) return names;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    names.add(name);
    propertyNames(property, names, depth + 1);
  }
  if (schema.items) propertyNames(schema.items, names, depth + 1);
  return names;
}

/**
 * What a request of the operation names: its parameters and the fields (or parts) of its body.
 * @param {import('@payments-connect/contract').ContractOperation} operation
 */
function namesTakenBy(operation) {
  const names = new Set(operation.parameters.map((parameter) => parameter.name));
  for (const media of Object.values(operation.requestBody?.requestBody.content ?? {})) {
    propertyNames(/** @type {any} */ (media).schema, names);
  }
  return names;
}

/** Every name any request of the contract takes: a message naming one of them names an input. */
const requestNames = new Set(contract.operations.flatMap((operation) => [...namesTakenBy(operation)]));

/**
 * The ids a named example's request sends: its parameter values, and those in its body.
 * @param {import('@payments-connect/contract').NamedExample} named
 */
function idsSent(named) {
  const values = [...named.parameters.map((p) => String(p.value)), JSON.stringify(named.body?.example.value ?? '')];
  return new Set(values.flatMap((value) => value.match(UUID) ?? []));
}

/** Every error example the mock can serve, with what its operation takes and the ids it may cite. */
const errorExamples = contract.operations.flatMap((operation) => {
  const examples = contract.namedExamples(operation);
  const anyRequestIds = new Set(examples.flatMap((named) => [...idsSent(named)]));
  return examples
    .filter((named) => typeof named.response?.example?.value?.message === 'string')
    .map((named) => {
      const ownRequest = named.parameters.length > 0 || named.body !== undefined;
      return /** @type {const} */ ([
        `${operation.operationId} ${named.response?.status} ${named.name}`,
        /** @type {string} */ (named.response?.example.value.message),
        namesTakenBy(operation),
        ownRequest ? idsSent(named) : anyRequestIds,
      ]);
    });
});

describe('every example the mock serves fits its operation', () => {
  it('finds the error examples of every operation that documents an error', () => {
    const documentingErrors = contract.operations.filter((o) => o.responses.some((r) => Number(r.status) >= 400));
    expect(documentingErrors.length).toBeGreaterThan(0);
    expect(new Set(errorExamples.map(([label]) => label.split(' ')[0]))).toEqual(
      new Set(documentingErrors.map((operation) => operation.operationId)),
    );
  });

  it.each(errorExamples)(
    '%s names only what the operation takes and cites only ids it sends',
    (_l, message, takes, ids) => {
      const named = [...requestNames].filter((name) => new RegExp(`\\b${name}\\b`).test(message));
      expect(named.filter((name) => !takes.has(name))).toEqual([]);
      expect((message.match(UUID) ?? []).filter((id) => !ids.has(id))).toEqual([]);
    },
  );
});

// Every operation of the spec has a request written, and (on the mock) every documented status and
// named example is served and matches the spec. `Prefer: code=…, example=…` picks the answer.
import { describe, expect, it } from 'vitest';
import { pathIds, prefer, skipWithReason, useConformanceSession } from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

const session = useConformanceSession();

it('every operation of the spec has a request written in suite/support/operation-calls.js', () => {
  const missing = session.operations.map((o) => o.operationId).filter((id) => !operationCalls[id]);
  expect(missing).toEqual([]);
});

const cases = session.operations.flatMap((operation) =>
  operation.responses.flatMap((documented) =>
    (documented.exampleNames.length > 0 ? documented.exampleNames : [undefined]).map((example) => ({
      operation,
      documented,
      example,
    })),
  ),
);

const sweepName = 'every documented status and example (Prefer)';

/**
 * The values a named example's path parameters give under the same name, by parameter (`closedCase`: the closed
 * case's `rfiId`); none for an example no parameter pairs with.
 * @param {(typeof cases)[number]['operation']} operation
 * @param {string | undefined} example
 * @returns {Record<string, string>}
 */
function pairedIds(operation, example) {
  if (example === undefined) return {};
  return Object.fromEntries(
    operation.parameters.flatMap(({ in: location, name, examples }) => {
      const value = examples[example];
      return location === 'path' && typeof value === 'string' ? [[name, value]] : [];
    }),
  );
}

/** @param {(typeof cases)[number]} c */
const caseName = (c) => `${c.operation.operationId} ${c.documented.status}${c.example ? ` ${c.example}` : ''}`;

if (session.target.kind === 'mock') {
  describe(sweepName, () => {
    it.for(cases.map((c) => /** @type {const} */ ([caseName(c), c])))(
      '%s',
      async ([, { operation, documented, example }], context) => {
        const call = operationCalls[operation.operationId];
        if (!call) return expect.fail(`no request written for ${operation.operationId}`);
        // The ids of the exchange the example belongs to (the spec pairs an exchange's parts by name): the mock
        // answers for the ids asked, so the answer is the example as written.
        const ids = { ...pathIds(context, session.target, call.parameters), ...pairedIds(operation, example) };
        const result = await call.send(session, ids, prefer(documented.status, example));
        const answer = await session.expectConforms(result.response, {
          status: Number(documented.status),
          operationId: operation.operationId,
        });
        if (example) {
          const named = documented.response.content['application/json'].examples[example];
          expect(answer.body).toEqual(session.contract.dereference(named).node.value);
        }
      },
    );
  });
} else {
  it(sweepName, (context) =>
    skipWithReason(context, `Prefer picks the answer only on the mock (${cases.length} cases)`),
  );
}

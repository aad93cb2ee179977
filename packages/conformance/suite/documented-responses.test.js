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

/** @param {(typeof cases)[number]} c */
const caseName = (c) => `${c.operation.operationId} ${c.documented.status}${c.example ? ` ${c.example}` : ''}`;

if (session.target.kind === 'mock') {
  describe(sweepName, () => {
    it.for(cases.map((c) => /** @type {const} */ ([caseName(c), c])))(
      '%s',
      async ([, { operation, documented, example }], context) => {
        const call = operationCalls[operation.operationId];
        if (!call) return expect.fail(`no request written for ${operation.operationId}`);
        const ids = pathIds(context, session.target, call.parameters);
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

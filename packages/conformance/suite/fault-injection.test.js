// The documented 429 and 500, which no request can lead a server to, on a target with the emulator's control API
// (GET <base>/_emulator answers): for each operation that documents them, a fault is injected (POST /_emulator/faults,
// with the documented headers' examples: Retry-After for a 429), the operation is called as the happy paths call it,
// its answer is judged by the contract (status, documented headers, the error envelope with the contract's code), and
// the fault is cleared. vitest project `fault-injection`: after the rest of the suite and before the coverage check,
// alone, because a fault answers the next call of its operation whoever makes it.
import { afterEach, describe, expect, it } from 'vitest';
import { openConformanceSession } from '../src/conformance-session.js';
import { findEmulatorFaults } from '../src/emulator-faults.js';
import { FAULT_INJECTION_TAG } from '../src/fault-injection-tag.js';
import { loadTargetConfig } from '../src/target-config.js';
import { pathIds, skipWithReason } from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

/** The documented statuses a server answers only when it fails or is overrun: the ones a fault stands in for. */
const INJECTED_STATUSES = ['429', '500'];
const MOCK_REASON = 'on the mock, Prefer: code=429 and code=500 pick these answers (the Prefer sweep covers them)';
const faultTest = Object.freeze({ tags: [FAULT_INJECTION_TAG] });
const title = 'every documented 429 and 500, injected through the emulator control API';

const found = await findFaults(loadTargetConfig(process.env));

if ('emulator' in found) {
  const { emulator } = found;
  const session = openConformanceSession(found.target);
  afterEach(() => session.checkUnexamined());
  // Also after a failed test, so that no fault is left to answer a later call.
  afterEach(() => emulator.clearFaults());

  const cases = session.operations.flatMap((operation) =>
    operation.responses
      .filter((documented) => INJECTED_STATUSES.includes(documented.status))
      .map(
        (documented) => /** @type {const} */ ([`${operation.operationId} ${documented.status}`, operation, documented]),
      ),
  );

  describe(title, () => {
    it.for(cases)('%s', faultTest, async ([, operation, documented], context) => {
      const call = operationCalls[operation.operationId];
      if (!call) return expect.fail(`no request written for ${operation.operationId}`);
      const ids = pathIds(context, session.target, call.parameters);
      const status = Number(documented.status);
      const headers = documentedHeaderExamples(session.contract, documented.response);
      await emulator.injectFault({ operationId: operation.operationId, status, headers, times: 1 });
      const result = await call.send(session, ids);
      const answer = await session.expectConforms(result.response, { status, operationId: operation.operationId });
      expect(answer.body.code).toBe(session.contract.errorCode(status, operation));
      for (const [name, value] of Object.entries(headers)) expect(answer.headers.get(name), name).toBe(value);
    });
  });
} else {
  it(title, faultTest, (context) => skipWithReason(context, found.reason));
}

/**
 * The emulator's control client at the target, or why there is none. Looked for once, before the tests are made:
 * where it is absent, the tests are one skip with the reason, not dozens.
 * @param {ReturnType<typeof loadTargetConfig>} target
 * @returns {Promise<{ target: import('../src/target-config.js').SandboxTarget,
 *   emulator: import('@payments-connect/emulator').EmulatorConnection } | { reason: string }>}
 */
async function findFaults(target) {
  if (target.kind !== 'sandbox') return { reason: MOCK_REASON };
  const found = await findEmulatorFaults(target.baseUrl);
  return 'emulator' in found ? { target, emulator: found.emulator } : found;
}

/**
 * The headers a response documents, each with its example: what the injected fault answers with.
 * @param {import('@payments-connect/contract').Contract} contract
 * @param {any} response the resolved Response Object
 * @returns {Record<string, string>}
 */
function documentedHeaderExamples(contract, response) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const example = contract.dereference(header).node?.example;
    if (example !== undefined) headers[name] = String(example);
  }
  return headers;
}

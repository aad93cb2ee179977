// refresh-session (interface section 3): only a HOSTED_PAGE request in UNPAID or PART_PAID gets a new
// session; anything else answers 400. Sandbox: real requests (fixture ids); mock: the shape form.
import { describe, expect, it } from 'vitest';
import {
  behaviourTest,
  fixtures,
  pathIds,
  prefer,
  skipUnlessMock,
  skipUnlessStateful,
  useConformanceSession,
} from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

const session = useConformanceSession();
const { target, expectConforms } = session;
const REFRESHABLE_STATUSES = ['UNPAID', 'PART_PAID'];

/**
 * @param {string} paymentRequestId
 * @param {Record<string, string>} [headers]
 */
async function refresh(paymentRequestId, headers) {
  const result = await operationCalls.refreshPaymentRequestSession.send(session, { paymentRequestId }, headers);
  return expectConforms(result.response, { operationId: 'refreshPaymentRequestSession' });
}

/** @param {{ status: number, body: any }} answer */
function expectRefreshed(answer) {
  expect(answer.status).toBe(200);
  expect(answer.body.executionMode).toBe('HOSTED_PAGE');
  expect(REFRESHABLE_STATUSES).toContain(answer.body.status);
  expect(answer.body.sessionToken).toEqual(expect.any(String));
  expect(answer.body.sessionToken).not.toBe('');
}

describe('refresh-session renews the session of a HOSTED_PAGE request in UNPAID or PART_PAID', () => {
  it.for(['hostedUnpaid', 'hostedPartPaid'])(
    'shape: the %s example is a refreshed hosted session',
    async (example, context) => {
      skipUnlessMock(context, target);
      const { paymentRequestId } = pathIds(context, target, ['paymentRequestId']);
      expectRefreshed(await refresh(paymentRequestId, { Prefer: `example=${example}` }));
    },
  );

  it('the hosted fixture gets a new session token and keeps its status', behaviourTest, async (context) => {
    skipUnlessStateful(context, target);
    const [paymentRequestId] = fixtures(context, target, ['hostedPaymentRequestId']);
    const first = await refresh(paymentRequestId);
    expectRefreshed(first);
    const second = await refresh(paymentRequestId);
    expectRefreshed(second);
    expect(second.body.status).toBe(first.body.status);
    expect(second.body.sessionToken).not.toBe(first.body.sessionToken);
  });
});

describe('refresh-session of any other request answers 400', () => {
  it.for(['notHostedPage', 'notRefreshableStatus'])(
    'shape: the %s example is a 400 envelope',
    async (example, context) => {
      skipUnlessMock(context, target);
      const { paymentRequestId } = pathIds(context, target, ['paymentRequestId']);
      const answer = await refresh(paymentRequestId, prefer(400, example));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    },
  );

  it.for(
    /** @type {Array<[import('../src/target-config.js').SandboxFixture, string]>} */ ([
      ['nonHostedPaymentRequestId', 'not HOSTED_PAGE'],
      ['paidPaymentRequestId', 'HOSTED_PAGE but not UNPAID/PART_PAID'],
    ]),
  )('the %s fixture (%s) is refused with 400', behaviourTest, async ([fixture], context) => {
    skipUnlessStateful(context, target);
    const [paymentRequestId] = fixtures(context, target, [fixture]);
    expect((await refresh(paymentRequestId)).status).toBe(400);
  });
});

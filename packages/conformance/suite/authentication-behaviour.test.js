// Authentication (interface section 5): the token exchange and the refusal of an expired token.
import { describe, expect, it } from 'vitest';
import {
  behaviourTest,
  fixtures,
  prefer,
  skipUnlessMock,
  skipUnlessStateful,
  useConformanceSession,
} from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

const session = useConformanceSession();
const { target, raw, expectConforms } = session;

describe('the token exchange', () => {
  it('answers a Bearer token with its lifetime, and the token opens /v1', async () => {
    const result = await operationCalls.createAccessToken.send(session, {});
    const answer = await expectConforms(result.response, { status: 200, operationId: 'createAccessToken' });
    expect(answer.body.token_type).toBe('Bearer');
    expect(answer.body.expires_in).toBeGreaterThan(0);
    const opened = await raw('GET', '/v1/rfi', { bearer: `Bearer ${answer.body.access_token}` });
    await expectConforms(opened, { status: 200 });
  });
});

describe('an expired token is refused with 401', () => {
  it('shape: 401 answers the error envelope', async (context) => {
    skipUnlessMock(context, target);
    const answer = await expectConforms(await raw('GET', '/v1/rfi', { headers: prefer(401) }), { status: 401 });
    expect(answer.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  });

  it('the expired fixture token answers 401', behaviourTest, async (context) => {
    skipUnlessStateful(context, target);
    const [expiredToken] = fixtures(context, target, ['expiredToken']);
    await expectConforms(await raw('GET', '/v1/rfi', { bearer: `Bearer ${expiredToken}` }), { status: 401 });
  });
});

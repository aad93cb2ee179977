// Every operation, called through @payments-connect/client the way an integrator would, answers its
// documented success status with a body that matches the spec.
import { describe, expect, it } from 'vitest';
import { pathIds, useConformanceSession } from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

const session = useConformanceSession();

describe('each operation answers success through the client', () => {
  it.for(Object.keys(operationCalls))('%s', async (operationId, context) => {
    const call = operationCalls[operationId];
    const ids = pathIds(context, session.target, call.parameters);
    const result = await call.send(session, ids);
    const answer = await session.expectConforms(result.response, { operationId });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRetryDecision, MAX_RETRY_AFTER_MS, retryAfterMs } from '../src/retry-policy.js';

// The decision alone, branch by branch; send-with-retries.test.ts and token-provider.test.ts prove that the sender
// carries it out against a real server.
const decide = createRetryDecision({ maxRetries: 2, baseDelayMs: 100, maxDelayMs: 300 });
const answer = (status: number, headers?: Record<string, string>) => new Response(null, { status, headers });
/** An API call (not the token request) whose token was renewed already, or may not be renewed. */
const API_CALL = [false, false] as const;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the retry decision', () => {
  it('returns a success', () => {
    expect(decide(answer(200), 'GET', 0, false, true)).toBe('return');
    expect(decide(answer(204), 'POST', 0, false, true)).toBe('return');
    expect(decide(answer(200), 'POST', 0, true, false)).toBe('return');
  });

  it('renews the token once after a 401, for any method; a second 401 is the answer', () => {
    expect(decide(answer(401), 'GET', 0, false, true)).toBe('renew');
    expect(decide(answer(401), 'POST', 0, false, true)).toBe('renew');
    expect(decide(answer(401), 'GET', 0, ...API_CALL)).toBe('return');
    // The token request carries no token to renew: its 401 is a refusal of the credentials.
    expect(decide(answer(401), 'POST', 0, true, false)).toBe('return');
  });

  it('never repeats a POST, but repeats the token request, which only mints a token', () => {
    expect(decide(answer(503), 'POST', 0, ...API_CALL)).toBe('return');
    expect(decide(undefined, 'POST', 0, ...API_CALL)).toBe('throw');
    expect(decide(answer(503), 'POST', 0, true, false)).toBeTypeOf('number');
    expect(decide(undefined, 'POST', 0, true, false)).toBeTypeOf('number');
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) {
      expect(decide(answer(503), method, 0, ...API_CALL), method).toBeTypeOf('number');
    }
    expect(decide(answer(503), 'PATCH', 0, ...API_CALL)).toBe('return');
  });

  it('gives up once the budget is spent: the last answer is returned, the last failure thrown', () => {
    expect(decide(answer(503), 'GET', 1, ...API_CALL)).toBeTypeOf('number');
    expect(decide(answer(503), 'GET', 2, ...API_CALL)).toBe('return');
    expect(decide(undefined, 'GET', 2, ...API_CALL)).toBe('throw');
    const never = createRetryDecision(false);
    expect(never(answer(503), 'GET', 0, ...API_CALL)).toBe('return');
    expect(never(undefined, 'GET', 0, ...API_CALL)).toBe('throw');
    expect(never(answer(401), 'GET', 0, false, true)).toBe('renew'); // the renewal is no retry
  });

  it.each([400, 403, 404, 405, 409, 415, 422, 301])('returns a %i at once: it is an answer', (status) => {
    expect(decide(answer(status), 'GET', 0, ...API_CALL)).toBe('return');
  });

  it('waits a random time below the doubled ceiling, capped, after a 5xx, a 429 or no answer', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(decide(answer(500), 'GET', 0, ...API_CALL)).toBe(50);
    expect(decide(answer(429), 'GET', 1, ...API_CALL)).toBe(100);
    const generous = createRetryDecision({ maxRetries: 5, baseDelayMs: 100, maxDelayMs: 300 });
    expect(generous(undefined, 'PUT', 4, ...API_CALL)).toBe(150); // 100 × 2^4 capped at 300
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(decide(answer(502), 'GET', 0, ...API_CALL)).toBe(0);
  });

  it('waits what Retry-After asks, in seconds or until an HTTP date, up to a minute', () => {
    expect(decide(answer(429, { 'Retry-After': '3' }), 'GET', 0, ...API_CALL)).toBe(3_000);
    expect(decide(answer(503, { 'Retry-After': '0' }), 'GET', 0, ...API_CALL)).toBe(0);
    vi.useFakeTimers({ now: Date.parse('2025-06-02T10:00:00Z'), toFake: ['Date'] });
    const retryAt = 'Mon, 02 Jun 2025 10:00:05 GMT';
    expect(decide(answer(503, { 'Retry-After': retryAt }), 'GET', 0, ...API_CALL)).toBe(5_000);
    expect(decide(answer(429, { 'Retry-After': '60' }), 'GET', 0, ...API_CALL)).toBe(MAX_RETRY_AFTER_MS);
    // Waiting out more than a minute is the caller's decision: the 429 goes back.
    expect(decide(answer(429, { 'Retry-After': '61' }), 'GET', 0, ...API_CALL)).toBe('return');
  });

  it('falls back to backoff when Retry-After is unreadable', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(decide(answer(429, { 'Retry-After': 'soon' }), 'GET', 0, ...API_CALL)).toBe(50);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-06-02T10:00:00Z');

  it('reads delay-seconds and HTTP dates, never below zero', () => {
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('Mon, 02 Jun 2025 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 02 Jun 2025 09:59:00 GMT', now)).toBe(0);
  });

  it('gives undefined when absent or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('in a while', now)).toBeUndefined();
  });
});

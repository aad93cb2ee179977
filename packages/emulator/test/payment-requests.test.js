import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { HOSTED_SESSION_WINDOW_SECONDS } from '../src/index.js';
import { filePart, useEmulator } from './support/use-emulator.js';

describe('PUT /v1/collections/payment-requests/{id}/refresh-session', () => {
  const clock = { now: Date.parse('2025-03-01T12:00:00Z') };
  const ctx = useEmulator({ now: () => clock.now });
  /** @param {string} id */
  const refresh = (id) => ctx.call('PUT', `/v1/collections/payment-requests/${id}/refresh-session`);

  it.each([
    ['hostedPaymentRequestId', 'UNPAID'],
    ['hostedPartPaidPaymentRequestId', 'PART_PAID'],
  ])('refreshes the session of the HOSTED_PAGE request %s (%s) and leaves its status', async (fixture, status) => {
    const id = ctx.fixtures[/** @type {'hostedPaymentRequestId'} */ (fixture)];
    const first = await refresh(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      paymentRequestId: id,
      executionMode: 'HOSTED_PAGE',
      status,
      sessionToken: expect.stringMatching(/^hps_/),
    });
    expect(Date.parse(first.body.sessionExpiresAt) - clock.now).toBe(HOSTED_SESSION_WINDOW_SECONDS * 1000);
    clock.now += 10 * 60 * 1000;
    const second = await refresh(id);
    expect(second.body.status).toBe(status);
    expect(second.body.sessionToken).not.toBe(first.body.sessionToken);
    expect(Date.parse(second.body.sessionExpiresAt) - clock.now).toBe(3600 * 1000);
  });

  it("the new token differs from the seeded one, the spec example's", async () => {
    const seeded = loadContract().responseExample('refreshPaymentRequestSession', 'hostedUnpaid').sessionToken;
    const { body } = await refresh(ctx.fixtures.hostedPaymentRequestId);
    expect([typeof seeded, body.sessionToken === seeded]).toEqual(['string', false]);
  });

  it('answers 400 VALIDATION_FAILED when the execution mode is not HOSTED_PAGE', async () => {
    const { status, body } = await refresh(ctx.fixtures.nonHostedPaymentRequestId);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', details: { executionMode: 'EMBEDDED', status: 'UNPAID' } });
    expect(body.message).toMatch(/HOSTED_PAGE/);
  });

  it('answers 400 VALIDATION_FAILED when the status is not UNPAID or PART_PAID', async () => {
    const { status, body } = await refresh(ctx.fixtures.paidPaymentRequestId);
    expect(status).toBe(400);
    expect(body.details).toEqual({ executionMode: 'HOSTED_PAGE', status: 'PAID' });
  });

  it('answers 400 for other states created through the control API, and 200 for PART_PAID ones', async () => {
    const expired = ctx.emulator.control.createPaymentRequest({ status: 'EXPIRED' });
    expect((await refresh(expired.paymentRequestId)).status).toBe(400);
    const partPaid = ctx.emulator.control.createPaymentRequest({ status: 'PART_PAID' });
    expect((await refresh(partPaid.paymentRequestId)).status).toBe(200);
  });

  it('answers 404 for an unknown payment request', async () => {
    const { status, body } = await refresh('00000000-0000-4000-8000-000000000004');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });
});

describe('preview logo (sandbox only)', () => {
  const ctx = useEmulator();
  const path = () => `/v1/collections/payment-requests/${ctx.fixtures.hostedPaymentRequestId}/preview-logo`;
  const refresh = () =>
    ctx.call('PUT', `/v1/collections/payment-requests/${ctx.fixtures.hostedPaymentRequestId}/refresh-session`);

  it('PUT stores the override from the multipart part `logo` and the request carries it', async () => {
    const { status, body } = await ctx.call('PUT', path(), { body: filePart('logo', '<svg/>', 'image/svg+xml') });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      paymentRequestId: ctx.fixtures.hostedPaymentRequestId,
      previewLogoOverride: { contentType: 'image/svg+xml', size: 6, fileName: 'logo.bin' },
    });
    expect((await refresh()).body.previewLogoOverride).toEqual(body.previewLogoOverride);
  });

  it('a second PUT replaces the override', async () => {
    const first = await ctx.call('PUT', path(), { body: filePart('logo', 'one', 'image/png') });
    const second = await ctx.call('PUT', path(), { body: filePart('logo', 'second', 'image/jpeg') });
    expect(second.body.previewLogoOverride.logoId).not.toBe(first.body.previewLogoOverride.logoId);
    expect((await refresh()).body.previewLogoOverride.contentType).toBe('image/jpeg');
  });

  it('DELETE answers 200 with no body and removes the override; a second DELETE is 200 too', async () => {
    await ctx.call('PUT', path(), { body: filePart('logo', 'one', 'image/png') });
    const removed = await ctx.call('DELETE', path());
    expect(removed.status).toBe(200);
    expect(removed.body).toBe('');
    expect(removed.headers.get('content-type')).toBeNull();
    expect((await refresh()).body.previewLogoOverride).toBeUndefined();
    expect((await ctx.call('DELETE', path())).status).toBe(200);
  });

  it('error answers (only 200 documented) use the envelope and are reported as undocumented', async () => {
    const before = ctx.emulator.undocumentedResponses.length;
    const { status, body } = await ctx.call('PUT', path(), { token: null, body: filePart('logo') });
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHORIZED');
    expect(ctx.emulator.undocumentedResponses.slice(before)).toEqual([
      { operationId: 'uploadPaymentRequestPreviewLogo', status: 401 },
    ]);
  });
});

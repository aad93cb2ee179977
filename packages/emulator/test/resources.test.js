import { describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

describe('payers, beneficiaries, related persons and corporates: read and replace', () => {
  const ctx = useEmulator();

  it.each([
    ['/v1/collections/payers', 'payerId', { name: 'Globex Retail plc', email: 'accounts@globex.example' }],
    ['/v1/beneficiaries', 'beneficiaryId', { name: 'Umbrella Supplies BV', country: 'NL', currency: 'EUR' }],
    [
      '/v1/account/related-party/persons',
      'personId',
      { firstName: 'Katherine', lastName: 'Johnson', roles: ['DIRECTOR'] },
    ],
    [
      '/v1/account/related-party/corporates',
      'corporateId',
      { legalName: 'Northwind Holdings Ltd', relationship: 'PARENT' },
    ],
  ])('%s/{%s}', async (base, idField, seeded) => {
    const id = ctx.fixtures[/** @type {'payerId'} */ (idField)];
    const path = `${base}/${id}`;
    const read = await ctx.call('GET', path);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ [idField]: id, ...seeded });

    // PUT overwrites: fields left out of the body are gone, the id of the path stays.
    const replaced = await ctx.call('PUT', path, { json: { nickname: 'replaced' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ [idField]: id, nickname: 'replaced' });
    expect((await ctx.call('GET', path)).body).toEqual({ [idField]: id, nickname: 'replaced' });

    const sameId = await ctx.call('PUT', path, { json: { [idField]: id, nickname: 'again' } });
    expect(sameId.status).toBe(200);
    const otherId = await ctx.call('PUT', path, { json: { [idField]: '00000000-0000-4000-8000-000000000005' } });
    expect(otherId.status).toBe(400);
    expect(otherId.body.code).toBe('VALIDATION_FAILED');

    const missing = await ctx.call('PUT', `${base}/00000000-0000-4000-8000-000000000006`, { json: { nickname: 'x' } });
    expect(missing.status).toBe(404);
    expect((await ctx.call('GET', `${base}/00000000-0000-4000-8000-000000000006`)).status).toBe(404);
  });
});

describe('users', () => {
  const ctx = useEmulator();
  const path = () => `/v1/account/users/${ctx.fixtures.userId}`;

  it('reads a user with display name, blocked status and role', async () => {
    const { status, body } = await ctx.call('GET', path());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: ctx.fixtures.userId,
      displayName: 'Grace Hopper',
      blocked: false,
      role: 'ADMIN',
      status: 'ACTIVE',
    });
  });

  it('PUT updates the display name and the blocked status, keeping the rest', async () => {
    const { status, body } = await ctx.call('PUT', path(), {
      json: { displayName: 'Rear Admiral Hopper', blocked: true },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      displayName: 'Rear Admiral Hopper',
      blocked: true,
      role: 'ADMIN',
      email: 'grace@northwind.example',
    });
    expect((await ctx.call('GET', path())).body.blocked).toBe(true);
    const onlyName = await ctx.call('PUT', path(), { json: { displayName: 'Grace' } });
    expect(onlyName.body).toMatchObject({ displayName: 'Grace', blocked: true });
  });

  it('PUT refuses a display name or blocked status of the wrong type with 400', async () => {
    for (const json of [{ displayName: '' }, { displayName: 7 }, { blocked: 'yes' }]) {
      const { status, body } = await ctx.call('PUT', path(), { json });
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('PUT role changes the role', async () => {
    const { status, body } = await ctx.call('PUT', `${path()}/role`, { json: { role: 'VIEWER' } });
    expect(status).toBe(200);
    expect(body.role).toBe('VIEWER');
    expect((await ctx.call('GET', path())).body.role).toBe('VIEWER');
    expect((await ctx.call('PUT', `${path()}/role`, { json: { role: '' } })).status).toBe(400);
  });

  it('DELETE deactivates with 204 and no body; the user stays readable as DEACTIVATED', async () => {
    const removed = await ctx.call('DELETE', path());
    expect(removed.status).toBe(204);
    expect(removed.body).toBe('');
    expect((await ctx.call('GET', path())).body.status).toBe('DEACTIVATED');
    expect((await ctx.call('DELETE', path())).status).toBe(204);
  });

  it('answers 404 for an unknown user on every user operation', async () => {
    const unknown = '/v1/account/users/00000000-0000-4000-8000-000000000007';
    expect((await ctx.call('GET', unknown)).status).toBe(404);
    expect((await ctx.call('PUT', unknown, { json: {} })).status).toBe(404);
    expect((await ctx.call('PUT', `${unknown}/role`, { json: { role: 'X' } })).status).toBe(404);
    expect((await ctx.call('DELETE', unknown)).status).toBe(404);
  });
});

describe('account, business profile and webhooks', () => {
  const ctx = useEmulator();

  it('PUT /v1/account/submit marks the account SUBMITTED once and keeps the first submission time', async () => {
    const first = await ctx.call('PUT', '/v1/account/submit', { json: { confirmed: true } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      accountId: ctx.emulator.accounts.primary.accountId,
      status: 'SUBMITTED',
      submittedAt: expect.any(String),
    });
    const second = await ctx.call('PUT', '/v1/account/submit', { json: {} });
    expect(second.body.submittedAt).toBe(first.body.submittedAt);
  });

  it('GET /v1/account/business-profile reads the profile of a business account', async () => {
    const { status, body } = await ctx.call('GET', '/v1/account/business-profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({ legalName: 'Northwind Trading Ltd', country: 'GB' });
    const other = await ctx.call('GET', '/v1/account/business-profile', {
      accountId: ctx.emulator.accounts.other.accountId,
    });
    expect(other.body.legalName).toBe('Contoso Imports GmbH');
  });

  it('answers 403 FORBIDDEN for the business profile of an individual account', async () => {
    const { status, body } = await ctx.call('GET', '/v1/account/business-profile', {
      accountId: ctx.emulator.accounts.individual.accountId,
    });
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN');
  });

  it('GET /v1/webhooks lists nothing when no webhook URL is configured', async () => {
    const { status, body } = await ctx.call('GET', '/v1/webhooks');
    expect(status).toBe(200);
    expect(body).toEqual({ items: [] });
  });
});

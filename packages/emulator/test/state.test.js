// Issue 26, item 2: the emulator's state as a snapshot (GET /_emulator/state), restored into another emulator (PUT),
// checked whole before anything changes, and given at start (startEmulator({ state })).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadBundledDocument } from '@payments-connect/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectEmulator,
  DEFAULT_CREDENTIALS,
  SEED_IDS,
  STATE_FORMAT,
  STATE_FORMAT_VERSION,
  startEmulator,
} from '../src/index.js';
import { bodyOf, operationRequests } from './support/operation-requests.js';
import { useEmulator } from './support/use-emulator.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

/** @typedef {import('../src/index.js').EmulatorState} EmulatorState */

/**
 * A snapshot without the time it was taken: what two snapshots of the same state share.
 * @param {EmulatorState} snapshot
 */
const timeless = ({ header: { takenAt, ...header }, ...parts }) => ({ header, ...parts });

/**
 * @param {string} url
 * @param {string} method
 * @param {unknown} [json]
 */
async function state(url, method = 'GET', json = undefined) {
  const response = await fetch(`${url}/_emulator/state`, {
    method,
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

describe('GET and PUT /_emulator/state', () => {
  const ctx = useEmulator();
  /** @type {import('../src/index.js').Emulator} */
  let fresh;
  beforeAll(async () => {
    fresh = await startEmulator();
  });
  afterAll(async () => {
    expect(fresh.violations).toEqual([]);
    await fresh.stop();
  });

  /**
   * Puts the emulator of `ctx` in a state with something in every part: a tenant, every operation called once, a
   * case created, approved and closed, a payment request, tokens live and expired, pending faults, the clock moved.
   * @returns {Promise<{ snapshot: EmulatorState, token: string, expired: string,
   *   tenant: import('../src/index.js').Tenant }>}
   */
  async function richState() {
    const control = connectEmulator(ctx.emulator.url);
    const tenant = await control.createTenant();
    for (const request of Object.values(operationRequests(ctx.fixtures, ctx.emulator.credentials))) {
      const { status } = await ctx.call(request.method, request.path, bodyOf(request));
      expect(status, `${request.method} ${request.path}`).toBe(request.success);
    }
    const created = await control.createRfiCase({ questions: [{ answer: 'Yes' }, {}] });
    await control.approveQuestion(created.rfiId, created.questions[0].questionId);
    await control.closeRfiCase(tenant.fixtures.openRfiId);
    await control.createPaymentRequest({ executionMode: 'EMBEDDED', accountId: tenant.accounts.other.accountId });
    const expired = await ctx.freshToken();
    await control.expireTokens(expired);
    await control.injectFault({
      operationId: 'getRfiCase',
      status: 500,
      times: 2,
      accountId: tenant.accounts.primary.accountId,
      pathParams: { rfiId: tenant.fixtures.otherAccountRfiId },
    });
    await control.injectFault({ operationId: 'listWebhooks', status: 429, headers: { 'Retry-After': '1' } });
    await control.advanceClock(120);
    const token = await ctx.freshToken();
    return { snapshot: (await state(ctx.emulator.url)).body, token, expired, tenant };
  }

  it('takes everything as a versioned snapshot, and restores it into a fresh emulator as it was', async () => {
    const { snapshot, token, expired, tenant } = await richState();
    expect(Object.keys(snapshot)).toEqual([
      'header',
      'clock',
      'tenants',
      'accounts',
      'records',
      'tokens',
      'events',
      'faults',
    ]);
    expect(snapshot.header).toEqual({
      format: STATE_FORMAT,
      version: STATE_FORMAT_VERSION,
      takenAt: expect.any(String),
      takenFrom: { title: 'Payments Connect API', specVersion: loadBundledDocument().info.version },
    });
    expect(snapshot.clock).toEqual({ advancedSeconds: 120 });
    expect(snapshot.tenants.map((t) => t.tenantId)).toEqual(['default', tenant.tenantId]);
    expect(snapshot.tenants[1]?.credentials).toEqual(tenant.credentials);
    expect(snapshot.accounts).toHaveLength(6);
    expect(snapshot.tokens.map((t) => t.token)).toEqual(expect.arrayContaining([token, expired]));
    expect(snapshot.tokens.map((t) => t.token)).not.toContain(ctx.fixtures.expiredToken);
    expect(snapshot.events.map((e) => e.event.type)).toContain('v1.rfi.case.item_approved');
    expect(snapshot.faults.map((f) => f.operationId)).toEqual(['getRfiCase', 'listWebhooks']);

    const restored = await state(fresh.url, 'PUT', snapshot);
    expect(restored).toEqual({ status: 200, body: { restored: true, header: snapshot.header } });
    expect(timeless((await state(fresh.url)).body)).toEqual(timeless(snapshot));

    // The same calls get the same answers from both, with a token the first one issued; faults are used up alike.
    const f = ctx.fixtures;
    /** @type {Array<[string, string, { json?: unknown, accountId?: string, token?: string }]>} */
    const reads = [
      ['GET', '/v1/rfi?includeTerminal=true', {}],
      ['GET', `/v1/rfi/${f.openRfiId}`, {}],
      ['GET', `/v1/collections/payers/${f.payerId}`, {}],
      ['GET', `/v1/account/users/${f.userId}`, {}],
      ['GET', '/v1/webhooks', {}],
      ['GET', '/v1/webhooks', {}],
      ['PUT', `/v1/rfi/${f.openRfiId}/questions/${f.approvedQuestionId}/answer`, { json: { answer: 'x' } }],
      ['PUT', `/v1/collections/payment-requests/${f.paidPaymentRequestId}/refresh-session`, {}],
      ['GET', `/v1/rfi/${tenant.fixtures.openRfiId}`, { accountId: tenant.accounts.primary.accountId }],
      ['GET', `/v1/rfi/${tenant.fixtures.otherAccountRfiId}`, { accountId: tenant.accounts.primary.accountId }],
      ['GET', '/v1/rfi', { token: expired }],
    ];
    /** @param {string} url */
    const answers = async (url) => {
      const results = [];
      for (const [method, path, options] of reads) {
        const { json, accountId = ctx.emulator.accounts.primary.accountId, token: bearer = token } = options;
        const response = await fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${bearer}`,
            AccountId: accountId,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
        results.push([`${method} ${path}`, response.status, await response.json()]);
      }
      return results;
    };
    const before = await answers(ctx.emulator.url);
    expect(before.map(([, status]) => status)).toEqual([200, 200, 200, 200, 429, 200, 409, 400, 200, 500, 401]);
    expect(await answers(fresh.url)).toEqual(before);
    expect(timeless((await state(fresh.url)).body)).toEqual(timeless((await state(ctx.emulator.url)).body));

    // A restored tenant's credentials get tokens, and its tokens expire by the restored clock.
    const issued = await fetch(`${fresh.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tenant.credentials),
    });
    expect(issued.status).toBe(200);
    expect(await connectEmulator(fresh.url).expireTokens({ tenantId: tenant.tenantId })).toEqual({ expired: 1 });
  });

  it('takes a snapshot larger than the other control routes take (many tenants), and restores it', async () => {
    const control = connectEmulator(ctx.emulator.url);
    for (let count = 0; count < 10; count += 1) await control.createTenant();
    const snapshot = await control.state();
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(64 * 1024);
    expect((await connectEmulator(fresh.url).restoreState(snapshot)).restored).toBe(true);
    expect((await connectEmulator(fresh.url).state()).tenants).toHaveLength(11);
  });

  it('does not replay what a snapshot holds: restored events are not delivered again', async () => {
    const receiver = await startWebhookReceiver();
    const first = await startEmulator({ webhookUrl: receiver.url });
    const second = await startEmulator({ webhookUrl: receiver.url });
    try {
      first.control.createRfiCase();
      const snapshot = await first.control.state();
      expect(snapshot.events.map((e) => e.delivery.state)).toEqual(['delivered']);
      expect(receiver.received).toHaveLength(1);
      second.control.restoreState(snapshot);
      expect(await connectEmulator(second.url).events()).toEqual(snapshot.events);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await receiver.close();
    }
  });

  describe('a snapshot that is not one, of another contract, or whose parts disagree', () => {
    /** @type {EmulatorState} */
    let snapshot;
    /** @type {unknown} */
    let before;
    beforeAll(async () => {
      // The default tenant's records, a tenant, events, faults and tokens: a state worth keeping as it is.
      const rich = await startEmulator();
      const control = connectEmulator(rich.url);
      const tenant = await control.createTenant();
      rich.control.createRfiCase({ accountId: tenant.accounts.primary.accountId });
      rich.control.injectFault({ operationId: 'getRfiCase', status: 500, accountId: tenant.accounts.other.accountId });
      await fetch(`${rich.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(tenant.credentials),
      });
      snapshot = await control.state();
      await rich.stop();
      fresh.control.restoreState(snapshot);
      before = timeless(await fresh.control.state());
    });

    /** @type {Array<[string, string, string, unknown]>} where, the problem, and the path and value that break it */
    const values = [
      ['header.format', 'no snapshot of the emulator', 'header.format', 'firebase-export'],
      ['header.version', 'is no version this emulator reads (it reads 1)', 'header.version', 2],
      ['header.takenAt', 'must be a time', 'header.takenAt', 'yesterday'],
      ['header.takenFrom.title', 'is another API', 'header.takenFrom.title', 'Other API'],
      ['header.takenFrom.specVersion', 'another major version', 'header.takenFrom.specVersion', '2.0.0'],
      ['header.takenFrom.specVersion', "later than this emulator's", 'header.takenFrom.specVersion', '1.99.0'],
      ['clock.advancedSeconds', 'must be a number of seconds', 'clock.advancedSeconds', -1],
      ['tenants[1].tenantId', 'must be "default" or a UUID', 'tenants.1.tenantId', 'tenant-1'],
      ['tenants[0].fixtures.openRfiId', 'an emulator of other examples', 'tenants.0.fixtures.openRfiId', STRAY_ID],
      [
        'tenants[1].credentials.clientId',
        "another tenant's",
        'tenants.1.credentials.clientId',
        DEFAULT_CREDENTIALS.clientId,
      ],
      ['accounts[6].account.accountId', 'the account of no tenant', 'accounts.6', { account: { accountId: STRAY_ID } }],
      ['records.payers[0].accountId', 'is no account of the snapshot', 'records.payers.0.accountId', STRAY_ID],
      // Held to the spec's RfiCase: its words are Ajv's.
      ['records.rfiCases[0].record.rfiId', 'must match format "uuid"', 'records.rfiCases.0.record.rfiId', 'rfi-1'],
      [
        'records.rfiCases[0].record.questions[0].questionId',
        'must match format "uuid"',
        'records.rfiCases.0.record.questions.0.questionId',
        'q1',
      ],
      [
        'records.rfiCases[0].record.status',
        'must be one of OPEN, CLOSED, CANCELLED',
        'records.rfiCases.0.record.status',
        'NEW',
      ],
      [
        'records.paymentRequests[1].record.paymentRequestId',
        'is there twice',
        'records.paymentRequests.1.record.paymentRequestId',
        SEED_IDS.hostedPaymentRequestId,
      ],
      [
        'records.paymentRequests[0].record.executionMode',
        'an upper-case word',
        'records.paymentRequests.0.record.executionMode',
        'hosted',
      ],
      ['tokens[0].token', 'a token the emulator issues', 'tokens.0.token', 'abc'],
      ['tokens[0].expiresAt', 'must be a time', 'tokens.0.expiresAt', 'soon'],
      ['events[0].event.accountId', 'is no account of the snapshot', 'events.0.event.accountId', STRAY_ID],
      ['events[0].delivery.state', 'must be one of', 'events.0.delivery.state', 'queued'],
      ['faults[0]', "operationId 'noSuchOperation' is not an operation", 'faults.0.operationId', 'noSuchOperation'],
      ['faults[0].accountId', 'is no account of the snapshot', 'faults.0.accountId', STRAY_ID],
      ['faults[0]', 'times must be an integer from 1', 'faults.0.times', 0],
    ];
    /** @type {Array<{ at: string, problem: string, broken: (snapshot: any) => unknown }>} */
    const cases = [
      ...values.map(([at, problem, path, value]) => ({
        at,
        problem,
        broken: (/** @type {any} */ s) => set(s, path, value),
      })),
      { at: 'header', problem: 'must be an object naming the format', broken: ({ header, ...rest }) => rest },
      { at: 'journal', problem: 'is no part of the format', broken: (s) => ({ ...s, journal: [] }) },
      { at: 'faults', problem: 'is missing', broken: ({ faults, ...rest }) => rest },
      {
        at: 'tenants[1].accountIds.other',
        problem: "is not among the snapshot's accounts",
        broken: (s) => ({ ...s, accounts: s.accounts.slice(0, 4) }),
      },
    ];

    it.each(cases)('refuses one broken at $at ($problem), and changes nothing', async ({ at, problem, broken }) => {
      const refused = await state(fresh.url, 'PUT', broken(structuredClone(snapshot)));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { at } });
      expect(refused.body.message).toContain(`the snapshot is refused at ${at}: `);
      expect(refused.body.message).toContain(problem);
      expect(refused.body.message).toMatch(/the emulator's state is unchanged$/);
      expect(timeless(await fresh.control.state())).toEqual(before);
    });

    it('refuses what is no JSON object: over HTTP, and from code', async () => {
      const put = (/** @type {string} */ body) =>
        fetch(`${fresh.url}/_emulator/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
      expect((await put('[]')).status).toBe(400);
      expect((await put('{')).status).toBe(400);
      // A snapshot edited by hand, a comma left after the last tenant: the refusal says where.
      const edited = JSON.stringify(snapshot, null, 2).replace(/\}\n {2}\],\n {2}"accounts"/, '},\n  ],\n  "accounts"');
      expect(edited).not.toBe(JSON.stringify(snapshot, null, 2));
      const refused = await put(edited);
      expect(refused.status).toBe(400);
      const line = edited.split('\n').indexOf('  ],') + 1;
      expect((await refused.json()).message).toBe(
        `control bodies are JSON: line ${line}, column 3: found ']' where a value was expected`,
      );
      for (const value of [[], 'snapshot', null, 42]) {
        // @ts-expect-error no snapshot, as an untyped caller could pass it
        expect(() => fresh.control.restoreState(value)).toThrow(/the snapshot is refused at \(root\): must be a JSON/);
      }
      /** @type {Record<string, unknown>} */
      const cyclic = {};
      cyclic.self = cyclic;
      // @ts-expect-error no snapshot, as an untyped caller could pass it
      expect(() => fresh.control.restoreState(cyclic)).toThrow(/refused at \(root\): is no JSON value/);
      expect(timeless(await fresh.control.state())).toEqual(before);
    });

    it('restores one taken from an earlier version of the same major contract', async () => {
      const earlier = set(structuredClone(snapshot), 'header.takenFrom.specVersion', '1.0.0-rc.1');
      expect((await state(fresh.url, 'PUT', earlier)).status).toBe(200);
      expect(timeless(await fresh.control.state())).toEqual(before);
    });

    it('refuses one whose records lack what a later contract has made required, saying what to do', async () => {
      // The spec 1.1.0 makes a property of a case required (one of this test's): a 1.0.0 snapshot's cases have none.
      const later = loadBundledDocument();
      later.info.version = '1.1.0';
      later.components.schemas.RfiCase.properties.reviewedInTest = { type: 'string', format: 'date-time' };
      later.components.schemas.RfiCase.required.push('reviewedInTest');
      const emulator = await startEmulator({ spec: later });
      try {
        const refused = await state(
          emulator.url,
          'PUT',
          set(structuredClone(snapshot), 'header.takenFrom.specVersion', '1.0.0'),
        );
        expect(refused.status).toBe(400);
        expect(refused.body.details).toEqual({
          at: 'records.rfiCases[0].record.reviewedInTest',
          problem:
            'is missing (the snapshot was taken from contract 1.0.0, this emulator serves 1.1.0 and holds records to ' +
            'its schemas: take the snapshot again with this emulator)',
        });
      } finally {
        await emulator.stop();
      }
    });
  });
});

describe('startEmulator({ state }), control.state() and the clock of a restored emulator', () => {
  /** @type {string} */
  let folder;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts from a snapshot or a file of one; a bad one is a TypeError, an unreadable file an Error', async () => {
    const first = await startEmulator();
    first.control.createRfiCase({ rfiId: '11111111-2222-4333-8444-555555555555' });
    const snapshot = await first.control.state();
    await first.stop();
    const file = join(folder, 'state.json');
    writeFileSync(file, JSON.stringify(snapshot));
    for (const source of [snapshot, file, pathToFileURL(file)]) {
      const started = await startEmulator({ state: source });
      try {
        expect(timeless(await started.control.state())).toEqual(timeless(snapshot));
      } finally {
        await started.stop();
      }
    }
    await expect(startEmulator({ state: /** @type {any} */ ({ ...snapshot, clock: {} }) })).rejects.toThrow(
      new TypeError('the state option is refused at clock.advancedSeconds: is missing'),
    );
    writeFileSync(file, '{ "header": ');
    await expect(startEmulator({ state: file })).rejects.toThrow(TypeError);
    const unreadable = await startEmulator({ state: join(folder, 'missing.json') }).catch((error) => error);
    expect(unreadable).not.toBeInstanceOf(TypeError);
    expect(unreadable.message).toMatch(/^cannot read the state snapshot .*missing\.json: ENOENT/);
    // @ts-expect-error: no snapshot
    await expect(startEmulator({ state: 42 })).rejects.toThrow(TypeError);
  });

  it('honours the tokens of a snapshot until they expire on its clock, time since the snapshot counted', async () => {
    // Both clocks stand still but for the moves the test makes: the verdict rides on no real time.
    const base = Date.parse('2025-06-02T09:00:00.000Z');
    const first = await startEmulator({ tokenTtlSeconds: 60, now: () => base });
    let later = 0;
    const second = await startEmulator({ now: () => base + later });
    try {
      const response = await fetch(`${first.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(first.credentials),
      });
      const { access_token: token } = await response.json();
      first.control.advanceClock(30);
      second.control.restoreState(await first.control.state());
      expect(second.control.clock().advancedSeconds).toBe(30);
      const list = () =>
        fetch(`${second.url}/v1/rfi`, {
          headers: { authorization: `Bearer ${token}`, AccountId: second.accounts.primary.accountId },
        });
      expect((await list()).status).toBe(200);
      // Ten seconds after the snapshot its clock still gives the token twenty; forty seconds after, none.
      later = 10_000;
      expect((await list()).status).toBe(200);
      later = 40_000;
      expect((await list()).status).toBe(401);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('makes the same state from the same calls with the same randomSeed, another without one', async () => {
    const now = () => Date.parse('2025-06-02T09:00:00.000Z');
    const emulators = await Promise.all([
      startEmulator({ randomSeed: 'a', now }),
      startEmulator({ randomSeed: 'a', now }),
      startEmulator({ now }),
    ]);
    try {
      const states = [];
      for (const emulator of emulators) {
        const control = connectEmulator(emulator.url);
        const tenant = await control.createTenant();
        await fetch(`${emulator.url}/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(tenant.credentials),
        });
        emulator.control.createRfiCase({ accountId: tenant.accounts.primary.accountId });
        states.push(await control.state());
      }
      expect(states[1]).toEqual(states[0]);
      expect(states[2]?.tenants[1]?.tenantId).not.toBe(states[0]?.tenants[1]?.tenantId);
      expect(states[2]?.tokens[0]?.token).not.toBe(states[0]?.tokens[0]?.token);
    } finally {
      await Promise.all(emulators.map((emulator) => emulator.stop()));
    }
  });
});

/** An id no part of any snapshot here has. */
const STRAY_ID = '00000000-0000-4000-8000-0000000000aa';

/**
 * The snapshot with one value set, at a dotted path.
 * @param {any} snapshot
 * @param {string} path
 * @param {unknown} value
 */
function set(snapshot, path, value) {
  const keys = path.split('.');
  const last = /** @type {string} */ (keys.pop());
  let node = snapshot;
  for (const key of keys) node = node[key];
  node[last] = value;
  return snapshot;
}

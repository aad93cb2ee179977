// emulator.control (in the emulator's process) and connectEmulator(url) (from any process) are built from one table
// of control routes: the same methods, taking the same arguments, giving the same results; and the reference's one
// table of the control API names each route, as the code declares it.
import { readFileSync } from 'node:fs';
import { controlPathTemplates, SERVER_CONTROL_ROUTES } from '@payments-connect/contract/control';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, EMULATOR_CONTROL_ROUTES } from '../src/control-routes.js';
import { connectEmulator } from '../src/index.js';
import { useEmulator } from './support/use-emulator.js';

const REFERENCE = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');

/** @param {object} client its methods' names, sorted */
const methodsOf = (client) =>
  Object.entries(client)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();

describe('emulator.control and connectEmulator', () => {
  const ctx = useEmulator();

  it('have the same methods: one per control route', () => {
    const routes = Object.keys({ ...SERVER_CONTROL_ROUTES, ...EMULATOR_CONTROL_ROUTES }).sort();
    expect(methodsOf(ctx.emulator.control)).toEqual(routes);
    expect(methodsOf(connectEmulator(ctx.emulator.url))).toEqual(routes);
  });

  it('take the same arguments and give the same results', async () => {
    const local = ctx.emulator.control;
    const remote = connectEmulator(ctx.emulator.url);
    const tenant = local.createTenant();
    const accountId = tenant.accounts.primary.accountId;
    expect(await remote.tenant(tenant.tenantId)).toEqual(local.tenant(tenant.tenantId));
    expect(await remote.describe()).toEqual(local.describe());
    expect(await remote.health()).toEqual(local.health());

    const scoped = { operationId: 'getRfiCase', status: 500, times: 3, accountId };
    const injectedHere = local.injectFault(scoped);
    const injectedThere = await remote.injectFault(scoped);
    expect(injectedThere.faultId).not.toBe(injectedHere.faultId);
    expect(injectedThere).toEqual({ ...injectedHere, faultId: injectedThere.faultId });
    expect(await remote.faults({ accountId })).toEqual(local.faults({ accountId }));
    // The earlier in-process form, a bare account id, still answers as { accountId } does.
    expect(local.faults(accountId)).toEqual(local.faults({ accountId }));
    await remote.clearFaults({ accountId });
    expect(local.faults({ accountId })).toEqual([]);

    const created = local.createRfiCase({ accountId, questions: 1, documentRequests: 0 });
    const questionId = created.questions[0]?.questionId ?? '';
    const approved = await remote.approveQuestion(created.rfiId, questionId);
    expect(approved.questions[0]?.approved).toBe(true);
    expect(local.closeRfiCase(created.rfiId)).toEqual({ ...approved, status: 'CLOSED' });
    await local.settleEvents();
    await remote.settleEvents();
    expect(await remote.events({ accountId })).toEqual(local.events({ accountId }));
    expect(local.events({ accountId }).map((record) => record.event.type)).toEqual([
      'v1.rfi.case.created',
      'v1.rfi.case.item_approved',
    ]);
    expect(await remote.clock()).toEqual({ ...local.clock(), now: expect.any(String) });
    expect(await remote.violations()).toEqual(local.violations());
    expect(await remote.requests({ accountId })).toEqual(local.requests({ accountId }));
  });

  it('refuse the same calls: a RefusalError here, a ControlCallError there, same status and message', async () => {
    const remote = connectEmulator(ctx.emulator.url);
    /** @type {any} */
    let here;
    try {
      ctx.emulator.control.resetTenant('no-such-tenant');
    } catch (error) {
      here = error;
    }
    const there = await remote.resetTenant('no-such-tenant').catch((error) => error);
    expect(here?.status).toBe(404);
    expect(there.status).toBe(here.status);
    expect(there.message).toContain(here.message);
  });
});

describe("the reference's table of the control API", () => {
  const section = REFERENCE.slice(REFERENCE.indexOf('## Control API'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| HTTP')));
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));

  it('names every route once, with its method, path and call, as the table declares them', () => {
    const documented = rows.map((row) => {
      const [http = '', call = ''] = row.split('|').slice(1);
      return {
        routes: [...http.matchAll(/`([A-Z]+) ([^`]*)`/g)].map((m) => `${m[1]} ${m[2]}`),
        name: /`(\w+)\(/.exec(call)?.[1],
      };
    });
    const declared = Object.entries({ ...SERVER_CONTROL_ROUTES, ...EMULATOR_CONTROL_ROUTES }).map(([name, route]) => ({
      routes: controlPathTemplates(route.path).map((path) => `${route.method} ${CONTROL_PREFIX}${path}`),
      name,
    }));
    const byName = (/** @type {{ name?: string }} */ a, /** @type {{ name?: string }} */ b) =>
      String(a.name).localeCompare(String(b.name));
    expect(documented.sort(byName)).toEqual(declared.sort(byName));
  });
});

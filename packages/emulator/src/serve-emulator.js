// The emulator's parts, put together and served on the contract's request pipeline. Loaded by `startEmulator` when an
// emulator starts, with the contract and the server: importing the package loads none of them. The contract's
// validators are compiled at build; Ajv is loaded only to check a snapshot (restored, or read with --state), below.
import { compileJsonSchema, createContract, loadContract } from '@payments-connect/contract';
import { inProcessControl } from '@payments-connect/contract/control';
import {
  createRequestJournal,
  installedDocsPage,
  jsonSyntaxProblem,
  startServer,
} from '@payments-connect/contract/server';
import { createControlHandlers, tenantFilter } from './control-handlers.js';
import { EMULATOR_CONTROL_ROUTES } from './control-routes.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { createEmulatorAnswerer } from './emulator-answerer.js';
import { createEmulatorClock } from './emulator-clock.js';
import { createEventDeliveries } from './event-log.js';
import { exampleSeed } from './example-fixtures.js';
import { createFaultInjector } from './fault-injector.js';
import { operationHandlers } from './operation-handlers.js';
import { createRandomSource } from './random-source.js';
import { createRequestGate } from './request-gate.js';
import { createSnapshotKeeper } from './snapshot/snapshot-keeper.js';
import { snapshotSchema } from './snapshot/snapshot-schema.js';
import { createTenantWorlds } from './tenant-worlds.js';
import { createTokenIssuer } from './token-issuer.js';

/**
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation an answer that broke the spec
 * @typedef {import('@payments-connect/contract').Contract} Contract
 */

/**
 * Read once per process and shared: the bundled spec's contract, which every emulator without a spec of its own serves
 * (a contract keeps nothing of a server, only the validators it compiles), and the snapshot schema of each contract
 * served, compiled.
 */
const shared = {
  /** @type {Contract | undefined} */ bundled: undefined,
  /** @type {WeakMap<Contract, Map<string, ReturnType<typeof compileJsonSchema>>>} by contract, then by bounds */
  snapshotShapeChecks: new WeakMap(),
};

/**
 * The snapshot schema of the spec served, for the emulator's bounds, compiled once per process at the first snapshot
 * checked: the published schema holds a snapshot to the default bounds (`maxItems` of `tenants` and `faults`); an
 * emulator started with others holds it to its own, and a restore past them is refused with where and how many,
 * before anything changes.
 * @param {Contract} contract
 * @param {{ maxTenants: number, maxPendingFaults: number }} bounds
 * @returns {ReturnType<typeof compileJsonSchema>}
 */
function snapshotShapeCheck(contract, bounds) {
  const key = `${bounds.maxTenants}/${bounds.maxPendingFaults}`;
  const checks = shared.snapshotShapeChecks.get(contract) ?? new Map();
  shared.snapshotShapeChecks.set(contract, checks);
  let check = checks.get(key);
  return (snapshot) => {
    check ??= checks.get(key) ?? compileJsonSchema(snapshotSchema(contract.document, bounds));
    checks.set(key, check);
    return check(snapshot);
  };
}

/**
 * Serves an emulator of the contract, its options checked (`startEmulator`).
 * @param {ReturnType<typeof import('./emulator.js').normalizeOptions>} config
 * @returns {Promise<import('./emulator.js').Emulator>}
 */
export async function serveEmulator(config) {
  shared.bundled ??= config.spec ? undefined : loadContract();
  const contract = config.spec ? createContract(config.spec) : /** @type {Contract} */ (shared.bundled);
  const missing = contract.operations.filter((op) => !operationHandlers[op.operationId]);
  if (missing.length > 0) {
    const named = missing.map((op) => `${op.method} ${op.path} (${op.operationId})`).join(', ');
    throw new Error(`The spec has operations the emulator does not implement: ${named}`);
  }
  // The seed's ids and the default credentials come from the examples of the contract served.
  const seed = exampleSeed(contract);
  const credentials = config.credentials ?? seed.credentials;
  /** @type {Violation[]} */
  const violations = [];
  /** @type {Array<{ operationId: string, status: number }>} */
  const undocumentedResponses = [];
  /** @param {Violation} violation */
  const recordViolation = (violation) => {
    violations.push(violation);
    config.onViolation?.(violation);
  };

  const clock = createEmulatorClock(config.now);
  const random = createRandomSource(config.randomSeed);
  const checkPayload = webhookPayloadCheck(contract, recordViolation, config.webhookUrl);
  const deliveries = createEventDeliveries({ random, checkPayload });
  // The server's journal, made first: a tenant deleted takes its requests out of it.
  const journal = createRequestJournal(config.journal);
  let url = '';
  const worlds = createTenantWorlds({
    ...{ clock, random, deliveries, journal, webhookUrl: config.webhookUrl },
    tokenOperationId: contract.tokenOperation?.operationId,
    seed: { ...seed, credentials },
    url: () => url,
    maxTenants: config.maxTenants,
  });
  const tokens = createTokenIssuer({ tokenTtlSeconds: config.tokenTtlSeconds, random, worlds });
  const faults = createFaultInjector(contract, { maxPending: config.maxPendingFaults, worlds });
  const parts = { clock, tokens, deliveries, faults };
  const info = contract.document.info ?? {};
  const snapshots = createSnapshotKeeper({
    ...{ clock, tokens, faults },
    worlds,
    checkShape: snapshotShapeCheck(contract, config),
    expected: {
      takenFrom: { title: String(info.title), specVersion: String(info.version) },
      defaultTenant: worlds.stateOf(worlds.find(DEFAULT_TENANT_ID)),
      clientId: credentials.clientId,
      faultProblem: faults.problem,
    },
  });
  // Before it listens: no call may see the state it starts with half restored.
  if (config.state !== undefined) await restoreStateOption(snapshots, config.state);
  const { accounts, fixtures } = worlds.describe(DEFAULT_TENANT_ID);
  const { tokenTtlSeconds, port, host, timeouts, strict } = config;
  const start = () => ({ url, credentials, accounts, fixtures, env: worlds.describe(DEFAULT_TENANT_ID).env });
  const describe = () => ({ ...start(), tokenTtlSeconds, strict });
  const controlHandlers = createControlHandlers({
    ...parts,
    worlds,
    snapshots,
    describe,
    violations: () => [...violations],
  });
  const answer = createEmulatorAnswerer(contract, operationHandlers, { worlds, tokens });
  const gate = createRequestGate(contract, { tokens, faults });
  const worldOfFilter = tenantFilter(worlds);
  const server = await startServer({
    ...{
      contract,
      name: 'emulator',
      answer,
      gate,
      control: controlHandlers.api,
      port,
      host,
      timeouts,
      journal,
      strict,
    },
    // The reference describes the bundled spec: with another one it would document what the emulator does not serve.
    docsPage: config.spec ? undefined : installedDocsPage(import.meta.url),
    onViolation: recordViolation,
    onUndocumented: (entry) => undocumentedResponses.push(entry),
    // A tenant's slice of the journal, its world's: the requests of its accounts, and its token requests.
    requestsOfTenant: (tenantId) => worldOfFilter(tenantId).ownsRequest,
  }).catch(async (error) => {
    // It never listened: the journal's file, opened first, is closed as the server's stop would close it.
    await journal.close().catch(() => undefined);
    throw error;
  });
  url = server.url;
  /** @type {import('./control-handlers.js').EmulatorControl} */
  const control = { ...server.control, ...inProcessControl(EMULATOR_CONTROL_ROUTES, controlHandlers.handlers) };
  /** @type {Promise<void> | undefined} */
  let stopping;
  return {
    ...start(),
    ...{ port: server.port, docsUrl: server.docsUrl, control, requests: server.requests },
    clearRequests: server.clearRequests,
    summary: server.summary,
    get violations() {
      return [...violations];
    },
    get undocumentedResponses() {
      return [...undocumentedResponses];
    },
    stop() {
      stopping ??= server.stop().then(() => deliveries.settled());
      return stopping;
    },
  };
}

/**
 * A check of each event's payload against the spec's webhook of its kind, as answers are checked; a violation is
 * recorded like an answer's. @param {Contract} contract @param {(violation: Violation) => void} record
 * @param {string | undefined} webhookUrl @returns {(event: import('./event-log.js').EmulatorEvent) => void}
 */
function webhookPayloadCheck(contract, record, webhookUrl) {
  return (event) => {
    const kind = `${event.type.split('.').slice(0, 3).join('.')}.*`;
    const { errors, violations } = contract.checkWebhookPayload(kind, event);
    const path = webhookUrl ?? '(none)';
    if (errors.length > 0)
      record({ operationId: `webhook ${kind}`, method: 'POST', path, status: 0, errors, violations });
  };
}

/**
 * Restores the snapshot `startEmulator({ state })` names: a refused one, or a file that holds no JSON, is a
 * `TypeError` naming where (a usage error: exit 2 at the command line); a file that cannot be read, an `Error`.
 * @param {import('./snapshot/snapshot-keeper.js').SnapshotKeeper} snapshots
 * @param {import('./snapshot/snapshot-keeper.js').EmulatorSnapshot | string | URL} option a snapshot, or a file's path
 */
async function restoreStateOption(snapshots, option) {
  const file = typeof option === 'string' || option instanceof URL ? option : undefined;
  // The file reader is loaded by an emulator that starts from a file: not at every start.
  const { readSnapshotFile } = await import('./snapshot/snapshot-files.js');
  try {
    snapshots.restore(file === undefined ? option : readSnapshotFile(file, jsonSyntaxProblem));
  } catch (error) {
    const details = /** @type {{ details?: { at?: string, problem?: string } }} */ (error).details;
    if (details?.at === undefined) throw error;
    const source = file === undefined ? 'the state option' : `the state snapshot ${file}`;
    throw new TypeError(`${source} is refused at ${details.at}: ${details.problem}`);
  }
}

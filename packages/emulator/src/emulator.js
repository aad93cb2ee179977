import { bodyIssueViolation, childPointer, createContract } from '@payments-connect/contract';
import { installedDocsPage, startServer } from '@payments-connect/contract/server';
import { bundledContract } from './bundled-contract.js';
import { createControlApi } from './control-api.js';
import { createController } from './controller.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { createEmulatorClock } from './emulator-clock.js';
import { createEmulatorState } from './emulator-state.js';
import { createEventBus } from './event-bus.js';
import { createFaultInjector } from './fault-injector.js';
import { createOperationAnswerer } from './operation-answerer.js';
import { operationHandlers } from './operations/index.js';
import { normalizeOptions } from './options.js';
import { createRandomSource } from './random-source.js';
import { createRequestGate } from './request-gate.js';
import { createStore } from './store.js';
import { createTenantRegistry } from './tenant-registry.js';
import { createTokenIssuer } from './token-issuer.js';

/**
 * A running emulator. Declared, not inferred from `startEmulator`, so that a consumer's declarations can name it.
 * @typedef {object} Emulator
 * @property {string} url base URL, no trailing slash, e.g. `http://127.0.0.1:4020`
 * @property {number} port the port it listens on
 * @property {string | undefined} docsUrl where it serves the rendered reference of `@payments-connect/docs`, whose Try
 *   it console calls this emulator (`http://127.0.0.1:4020/_docs`); undefined when it serves another spec (`spec`)
 * @property {Record<string, string>} env the sandbox environment of the conformance suite, every variable set
 * @property {import('./token-issuer.js').Credentials} credentials the client credentials it accepts
 * @property {import('./tenant-registry.js').TenantAccounts} accounts the start-up accounts, by role
 * @property {import('./tenant-registry.js').Fixtures} fixtures the ids of the start-up seed's records
 * @property {import('./controller.js').Controller} control what tests may do that the API cannot, in this process
 * @property {Violation[]} violations responses (and event payloads) that violated the spec since start
 * @property {Array<{ operationId: string, status: number }>} undocumentedResponses error answers of operations whose
 *   spec lists no error status (see the README)
 * @property {(filter?: JournalFilter) => JournalEntry[]} requests the requests the emulator received, oldest first,
 *   each with how it broke the contract (see the README)
 * @property {() => void} clearRequests forgets them
 * @property {() => Promise<void>} stop stops listening, closes open connections, flushes the journal's file and waits
 *   for webhook deliveries
 */

/**
 * Starts an emulator of the Payments Connect API v1.0 on a local port.
 * @param {import('./options.js').EmulatorOptions} [options]
 * @returns {Promise<Emulator>}
 */
export async function startEmulator(options) {
  const config = normalizeOptions(options);
  const contract = config.spec ? createContract(config.spec) : bundledContract;
  const missing = contract.operations
    .filter((op) => !operationHandlers[op.operationId])
    .map((op) => `${op.method} ${op.path} (${op.operationId})`);
  if (missing.length > 0) {
    throw new Error(`The spec has operations the emulator does not implement: ${missing.join(', ')}`);
  }

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
  const { now } = clock;
  const random = createRandomSource(config.randomSeed);
  const store = createStore();
  const tokens = createTokenIssuer({ ...config, now, random, defaultTenantId: DEFAULT_TENANT_ID });
  /** @type {Map<string, string>} the schema pointer of each webhook's payload, by kind */
  const payloadPointers = new Map(
    contract.webhooks
      .filter((webhook) => webhook.requestBody)
      .map((webhook) => [
        webhook.name,
        childPointer(
          /** @type {{ pointer: string }} */ (webhook.requestBody).pointer,
          'content',
          'application/json',
          'schema',
        ),
      ]),
  );
  const events = createEventBus({
    webhookUrl: config.webhookUrl,
    now,
    random,
    checkPayload(event) {
      const kind = `${event.type.split('.').slice(0, 3).join('.')}.*`;
      const pointer = payloadPointers.get(kind);
      const missing = `no webhook ${kind} in the spec`;
      const issues = pointer ? contract.validateAt(pointer, event) : [];
      const errors = pointer ? issues.map((issue) => `${issue.path || '(root)'} ${issue.message}`) : [missing];
      if (errors.length > 0) {
        recordViolation({
          operationId: `webhook ${kind}`,
          method: 'POST',
          path: config.webhookUrl ?? '(none)',
          status: 0,
          errors,
          violations: pointer
            ? issues.map(bodyIssueViolation)
            : [{ location: 'body', name: '', rule: 'documented', message: missing }],
        });
      }
    },
  });
  const faults = createFaultInjector(contract);
  const credentials = config.credentials;
  let url = '';
  const tenants = createTenantRegistry({ store, tokens, credentials, url: () => url, random });
  const state = createEmulatorState({
    contract,
    store,
    tokens,
    events,
    faults,
    tenants,
    clock,
    clientId: credentials.clientId,
  });
  const control = createController({ store, tokens, events, faults, tenants, clock, state, random });
  // Before it listens: no call may see the state it starts with half restored.
  if (config.state !== undefined) state.load(config.state);
  const { accounts, fixtures } = tenants.describe(DEFAULT_TENANT_ID);

  const server = await startServer({
    contract,
    name: 'emulator',
    gate: createRequestGate(contract, { tokens, faults }),
    answer: createOperationAnswerer(contract, operationHandlers, {
      store,
      tokens,
      events,
      now,
      random,
      config: { webhookUrl: config.webhookUrl },
    }),
    control: createControlApi(control, {
      describe: () => ({
        url,
        credentials,
        accounts,
        fixtures,
        env: tenants.describe(DEFAULT_TENANT_ID).env,
        tokenTtlSeconds: config.tokenTtlSeconds,
        strict: config.strict,
        webhookUrl: config.webhookUrl ?? null,
      }),
      violations: () => violations,
    }),
    // The reference describes the bundled spec: with another one it would document what the emulator does not serve.
    docsPage: config.spec ? undefined : installedDocsPage(import.meta.url),
    port: config.port,
    host: config.host,
    timeouts: config.timeouts,
    journal: config.journal,
    strict: config.strict,
    onViolation: recordViolation,
    onUndocumented: (entry) => undocumentedResponses.push(entry),
  });
  url = server.url;
  const { env } = tenants.describe(DEFAULT_TENANT_ID);

  /** @type {Promise<void> | undefined} */
  let stopping;
  return {
    url,
    port: server.port,
    docsUrl: server.docsUrl,
    env,
    credentials,
    accounts,
    fixtures,
    control,
    get violations() {
      return [...violations];
    },
    get undocumentedResponses() {
      return [...undocumentedResponses];
    },
    requests: server.requests,
    clearRequests: server.clearRequests,
    stop() {
      stopping ??= (async () => {
        await server.stop();
        await events.settled();
      })();
      return stopping;
    },
  };
}

/**
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation an answer that broke the spec
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 */

import { createServer } from 'node:http';
import { answerClientErrors, childPointer, createContract } from '@payments-connect/openapi/model';
import { bundledContract } from './bundled-contract.js';
import { createControlApi } from './control-api.js';
import { createController } from './controller.js';
import { CONNECTIONS_CHECK_INTERVAL_MS, MAX_HEADERS_COUNT } from './defaults.js';
import { createEventBus } from './event-bus.js';
import { createFaultInjector } from './fault-injector.js';
import { operationHandlers } from './operations/index.js';
import { normalizeOptions } from './options.js';
import { buildSandboxEnv } from './sandbox-env.js';
import { ACCOUNT_IDS, createSeedData, SEED_IDS } from './seed.js';
import { createRequestListener } from './server.js';
import { createStore } from './store.js';
import { createTokenIssuer } from './token-issuer.js';

/**
 * Starts an emulator of the Payments Connect API v1.0 on a local port.
 * @param {import('./options.js').EmulatorOptions} [options]
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

  /** @type {import('./server.js').Violation[]} */
  const violations = [];
  /** @type {Array<{ operationId: string, status: number }>} */
  const undocumentedResponses = [];
  /** @param {import('./server.js').Violation} violation */
  const recordViolation = (violation) => {
    violations.push(violation);
    config.onViolation?.(violation);
  };

  const store = createStore();
  const tokens = createTokenIssuer(config);
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
    now: config.now,
    checkPayload(event) {
      const kind = `${event.type.split('.').slice(0, 3).join('.')}.*`;
      const pointer = payloadPointers.get(kind);
      const errors = pointer
        ? contract.validateAt(pointer, event).map((issue) => `${issue.path || '(root)'} ${issue.message}`)
        : [`no webhook ${kind} in the spec`];
      if (errors.length > 0) {
        recordViolation({
          operationId: `webhook ${kind}`,
          method: 'POST',
          path: config.webhookUrl ?? '(none)',
          status: 0,
          errors,
        });
      }
    },
  });
  const faults = createFaultInjector(contract);
  const control = createController({ store, tokens, events, faults });

  const credentials = config.credentials;
  const fixtures = { ...SEED_IDS, expiredToken: tokens.expiredToken };
  const accounts = Object.fromEntries(
    createSeedData().accounts.map(({ account }) => [
      Object.entries(ACCOUNT_IDS).find(([, id]) => id === account.accountId)?.[0],
      account,
    ]),
  );
  let url = '';
  let env = /** @type {Record<string, string>} */ ({});
  let boundPort = 0;

  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      keepAliveTimeout: config.timeouts.keepAliveMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    createRequestListener({
      contract,
      handlers: operationHandlers,
      faults,
      services: { store, tokens, events, now: config.now, config: { webhookUrl: config.webhookUrl } },
      control: createControlApi(contract, control, {
        describe: () => ({
          url,
          credentials,
          accounts,
          fixtures,
          env,
          tokenTtlSeconds: config.tokenTtlSeconds,
          strict: config.strict,
          webhookUrl: config.webhookUrl ?? null,
        }),
        violations: () => violations,
        address: () => ({ port: boundPort, host: config.host }),
      }),
      strict: config.strict,
      onViolation: recordViolation,
      onUndocumented: (entry) => undocumentedResponses.push(entry),
    }),
  );
  server.maxHeadersCount = MAX_HEADERS_COUNT;
  server.on('clientError', answerClientErrors(contract));
  // A client that waits for `100 Continue` gets it only once its request passed every check before the body.
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  await listen(server, config.port, config.host);
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  boundPort = address.port;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${urlHost}:${address.port}`;
  env = buildSandboxEnv({ url, credentials, accountId: ACCOUNT_IDS.primary, fixtures });

  let stopping;
  return {
    /** Base URL, no trailing slash, e.g. `http://127.0.0.1:4020`. */
    url,
    port: address.port,
    /** The sandbox environment of the conformance suite, every variable set. */
    env,
    credentials,
    accounts,
    fixtures,
    control,
    /** Responses (and event payloads) that violated the spec since start. */
    get violations() {
      return [...violations];
    },
    /** Error answers of operations whose spec lists no error status (see the README). */
    get undocumentedResponses() {
      return [...undocumentedResponses];
    },
    /** Stops listening, closes open connections and waits for webhook deliveries in flight. */
    stop() {
      stopping ??= (async () => {
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections();
        await closed;
        await events.settled();
      })();
      return stopping;
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const onError = (error) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE')
        reject(
          new Error(
            `Port ${port} on ${host} is already in use; choose another with --port (or port: 0 for a free one)`,
          ),
        );
      else if (error.code === 'EACCES') reject(new Error(`Not permitted to listen on ${host}:${port}`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new Error(`Cannot listen on host ${host}: address not available`));
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(undefined);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

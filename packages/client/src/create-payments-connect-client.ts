import createClient, { type Client } from 'openapi-fetch';
import { createCallRequestConstructor } from './call-request.js';
import { checkClientOptions } from './check-client-options.js';
import type { ClientPaths, PathsForOptions } from './client-paths.js';
import { SandboxOnlyOperationError } from './errors.js';
import { SANDBOX_ONLY_REQUEST, SERVER_URLS, TOKEN_PATH } from './generated/spec-constants.js';
import { serializeBody } from './multipart-body.js';
import type { RetryPolicy } from './retry-policy.js';
import { assertSecretStaysServerSide } from './secret-guard.js';
import { createSender } from './send-with-retries.js';
import { createTokenProvider, type PaymentsConnectToken } from './token-provider.js';

/** Production is the document's primary server (`{base_url}`); the sandbox is chosen by name, like its credentials. */
export const DEFAULT_ENVIRONMENT = 'production';
/** Long enough for a document upload on a slow link, short enough that a dead peer does not hold a worker. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** A server of the spec: `production` is `{base_url}`, `sandbox` is `{sandbox_base_url}`. */
export type PaymentsConnectEnvironment = keyof typeof SERVER_URLS;

/** Options of {@link createPaymentsConnectClient}. */
export interface PaymentsConnectClientOptions {
  /** Which server of the spec to call, and whether sandbox-only operations are allowed. Default `'production'`. */
  environment?: PaymentsConnectEnvironment;
  /** Overrides the server URL of `environment` (a mock, a proxy, a local server): an absolute http(s) URL of the
   * server root, where `/auth/token` is, so without `/v1`. `environment` still decides whether sandbox-only
   * operations are allowed. */
  baseUrl?: string;
  /** Client id issued at onboarding (per environment and per integration). */
  clientId: string;
  /** Client secret issued at onboarding. Server-side only: never logged, never in an error or in the client's
   * string or JSON form. */
  clientSecret: string;
  /** Default `AccountId` header of every `/v1` call; a call's own `params.header.AccountId` overrides it. Not empty. */
  accountId?: string;
  /** Retries of 5xx, 429 and network failures for requests safe to repeat; `false` turns them off. */
  retry?: RetryPolicy | false;
  /** Per-attempt limit in ms until the response headers arrive. Default 60 000. A call may pass its own `timeoutMs`. */
  timeoutMs?: number;
  /** Aborts the requests of this client; a call's own `signal` takes its place for that call. */
  signal?: AbortSignal;
  /** The fetch to send with, called as `fetch(request, init)`. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Allows creating the client in a browser-like environment despite the secret. Only for code that never
   * reaches users (tests in jsdom, an internal tool): anyone who can read the code can use the secret. */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * The client: an openapi-fetch client over the typed paths (`GET`, `PUT`, `POST`, `DELETE`, `request`, `use`,
 * `eject`...), each call answering `{ data, error, response }`.
 */
export type PaymentsConnectClient<Paths extends {} = ClientPaths> = Client<Paths> & {
  /** The environment whose rules apply. */
  readonly environment: PaymentsConnectEnvironment;
  /** The server URL requests go to. */
  readonly baseUrl: string;
  /**
   * The bearer token the calls use: the cached one while fresh, else a new one from `POST /auth/token`, with the
   * client's retries and timeout. Call it at start-up to check the credentials and `baseUrl` before the first call.
   *
   * @param init.signal aborts the wait (the token request goes on for the calls that share it); default: the
   *   client's `signal`
   * @throws PaymentsConnectAuthenticationError when the token request is refused; PaymentsConnectTimeoutError or
   *   PaymentsConnectConnectionError when it gets no answer
   */
  getToken(init?: { signal?: AbortSignal }): Promise<PaymentsConnectToken>;
};

/**
 * Creates a client of the Payments Connect API. It exchanges the credentials for a bearer token when needed
 * (cached, refreshed before expiry and once after a 401), sends the default `AccountId`, retries what is safe to
 * retry, and refuses sandbox-only operations in production before sending anything.
 *
 * @throws PaymentsConnectError naming the option at fault when `clientId` or `clientSecret` is missing,
 *   `environment` is unknown, `baseUrl` is no absolute http(s) URL or `accountId` is empty; or when the client is
 *   created in a browser-like environment without `dangerouslyAllowBrowser` (the secret must stay server-side).
 */
export function createPaymentsConnectClient<Options extends PaymentsConnectClientOptions>(
  options: Options & Record<Exclude<keyof Options, keyof PaymentsConnectClientOptions>, never>,
): PaymentsConnectClient<PathsForOptions<Options>> {
  checkClientOptions(options);
  const { environment = DEFAULT_ENVIRONMENT, clientId, clientSecret, accountId } = options;
  assertSecretStaysServerSide(options.dangerouslyAllowBrowser);

  const baseUrl = (options.baseUrl ?? SERVER_URLS[environment]).replace(/\/+$/, '');
  const send = createSender(options.fetch ?? globalThis.fetch, options.retry, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { bearer, getToken } = createTokenProvider(baseUrl + TOKEN_PATH, { clientId, clientSecret }, send);
  const client = createClient<ClientPaths>({
    baseUrl,
    // openapi-fetch skips an undefined header; a call's own AccountId replaces this one.
    headers: { AccountId: accountId },
    bodySerializer: serializeBody,
    // openapi-fetch puts it on every Request; a call's own `signal` takes its place.
    signal: options.signal,
    Request: createCallRequestConstructor(),
    fetch(request) {
      if (environment === 'production') {
        const call = `${request.method} ${request.url.slice(baseUrl.length)}`;
        // Refused before the token request or any other traffic: production has no such operation.
        if (SANDBOX_ONLY_REQUEST.test(call)) {
          return Promise.reject(new SandboxOnlyOperationError(`${call} exists only in the sandbox`));
        }
      }
      return send(request, bearer);
    },
  });
  // The secret lives only in the token provider's closure, so the client's string, JSON and inspect forms
  // (openapi-fetch's methods, environment, baseUrl, getToken) cannot show it.
  return Object.assign(client, {
    environment,
    baseUrl,
    // Without a signal of the caller's or the client's, one that never aborts: the wait needs one to follow.
    getToken: (init?: { signal?: AbortSignal }) =>
      getToken(init?.signal ?? options.signal ?? new AbortController().signal),
  }) as PaymentsConnectClient<PathsForOptions<Options>>;
}

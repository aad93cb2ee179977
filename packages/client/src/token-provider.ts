import type { ErrorEnvelope, TokenRequest, TokenResponse } from '@payments-connect/types';
import { abortable } from './abortable-wait.js';
import { PaymentsConnectAuthenticationError } from './errors.js';
import { redactSecret } from './secret-guard.js';

/** Renew this long before `expires_in` runs out, so a token does not expire while a request is in flight. */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;
/** ...but at most this share of the lifetime, so a short-lived token is still used for most of its life. */
export const TOKEN_REFRESH_MARGIN_RATIO = 0.1;

/** The bearer token of a client, as `client.getToken()` gives it. */
export interface PaymentsConnectToken {
  /** The token the client sends as `Authorization: Bearer <accessToken>`. A credential too: keep it out of logs. */
  readonly accessToken: string;
  /**
   * When it expires: `expires_in` after the token request was sent. Undefined when the server gave no usable
   * `expires_in`: the token is then kept until a call is answered 401.
   */
  readonly expiresAt: Date | undefined;
}

/**
 * Hands out the bearer token: the cached one while fresh (synchronously, so the hot path awaits nothing),
 * else a new one, with callers that arrive meanwhile sharing one token request. `refused` is a token the
 * server just answered 401 to: it is dropped, unless a newer token already replaced it.
 */
export type TokenProvider = (signal: AbortSignal, refused?: string) => string | Promise<string>;

/**
 * Creates the token provider of one client (`bearer`), and what `client.getToken()` answers (`getToken`). `send`
 * delivers the token request (with the client's retries and timeouts); the request carries the credentials and
 * nothing else: no bearer, no AccountId.
 */
export function createTokenProvider(
  tokenUrl: string,
  credentials: TokenRequest,
  send: (request: Request) => Promise<Response>,
) {
  let token: string | undefined;
  let expiresAt = 0;
  let refreshAt = 0;
  let pending: Promise<string> | undefined;

  async function exchange(): Promise<string> {
    const startedAt = Date.now();
    const response = await send(
      new Request(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials),
      }),
    );
    const body: Partial<TokenResponse & ErrorEnvelope> = (await response.json().catch(() => undefined)) ?? {};
    if (!response.ok || typeof body.access_token !== 'string') {
      // The envelope's code and message name the cause; a server may echo the secret in them, and in the rest of
      // the body, which is not kept.
      const text = (value: unknown) =>
        typeof value === 'string' ? redactSecret(value, credentials.clientSecret) : undefined;
      throw new PaymentsConnectAuthenticationError(response.status, tokenUrl, text(body.code), text(body.message));
    }
    const lifetimeMs = (body.expires_in as number) * 1000;
    const marginMs = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs * TOKEN_REFRESH_MARGIN_RATIO);
    // Without a usable expires_in the token is kept until the server answers 401, which triggers one refresh.
    expiresAt = lifetimeMs > 0 ? startedAt + lifetimeMs : 0;
    refreshAt = expiresAt ? expiresAt - marginMs : Infinity;
    token = body.access_token;
    return token;
  }

  const bearer: TokenProvider = (signal, refused) => {
    if (refused === token) token = undefined;
    if (token !== undefined && Date.now() < refreshAt) return token;
    pending ??= exchange().finally(() => (pending = undefined));
    return abortable(pending, signal);
  };

  return {
    bearer,
    /** The token `bearer` hands out, with its expiry: the cached one while fresh, else a new one. */
    async getToken(signal: AbortSignal): Promise<PaymentsConnectToken> {
      const accessToken = await bearer(signal);
      // Read at once: a newer token cannot have replaced this one without a request in between.
      return { accessToken, expiresAt: expiresAt ? new Date(expiresAt) : undefined };
    },
  };
}

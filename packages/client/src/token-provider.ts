import type { TokenRequest, TokenResponse } from '@payments-connect/types';
import { abortable } from './abortable-wait.js';
import { PaymentsConnectAuthenticationError } from './errors.js';

/** Renew this long before `expires_in` runs out, so a token does not expire while a request is in flight. */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;
/** ...but at most this share of the lifetime, so a short-lived token is still used for most of its life. */
export const TOKEN_REFRESH_MARGIN_RATIO = 0.1;

/**
 * Hands out the bearer token: the cached one while fresh (synchronously, so the hot path awaits nothing),
 * else a new one, with callers that arrive meanwhile sharing one token request. `refused` is a token the
 * server just answered 401 to: it is dropped, unless a newer token already replaced it.
 */
export type TokenProvider = (signal: AbortSignal, refused?: string) => string | Promise<string>;

/**
 * Creates the token provider of one client. `send` delivers the token request (with the client's retries and
 * timeouts); the request carries the credentials and nothing else: no bearer, no AccountId.
 */
export function createTokenProvider(
  tokenUrl: string,
  credentials: TokenRequest,
  send: (request: Request) => Promise<Response>,
): TokenProvider {
  let token: string | undefined;
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
    const body: Partial<TokenResponse> = await response.json().catch(() => ({}));
    // Nothing of the refusal's body is kept: it could echo the credentials back.
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new PaymentsConnectAuthenticationError(response.status);
    }
    const lifetimeMs = (body.expires_in as number) * 1000;
    const marginMs = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs * TOKEN_REFRESH_MARGIN_RATIO);
    // Without a usable expires_in the token is kept until the server answers 401, which triggers one refresh.
    refreshAt = lifetimeMs > 0 ? startedAt + lifetimeMs - marginMs : Infinity;
    token = body.access_token;
    return token;
  }

  return (signal, refused) => {
    if (refused === token) token = undefined;
    if (token !== undefined && Date.now() < refreshAt) return token;
    pending ??= exchange().finally(() => (pending = undefined));
    return abortable(pending, signal);
  };
}

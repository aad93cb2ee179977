import type { PaymentsConnectClientOptions } from './create-payments-connect-client.js';
import { PaymentsConnectError } from './errors.js';
import { SERVER_URLS } from './generated/spec-constants.js';

/**
 * Throws a PaymentsConnectError that names the option at fault, so that a wrong configuration shows when the client
 * is created, not as a failure of its first call: a missing `clientId` or `clientSecret`, an unknown `environment`,
 * a `baseUrl` that is not an absolute http(s) URL or holds a user or password, an empty `accountId`.
 */
export function checkClientOptions(options: PaymentsConnectClientOptions): void {
  const { environment, baseUrl, accountId } = options;
  // An unset environment variable comes as undefined, an empty one as ''.
  const missing = (['clientId', 'clientSecret'] as const).filter((name) => !options[name]);
  if (missing.length) {
    throw new PaymentsConnectError(`Missing ${missing.join(' and ')}`);
  }
  // Own keys only: `'toString' in SERVER_URLS` holds too.
  if (environment !== undefined && !Object.hasOwn(SERVER_URLS, environment)) {
    const known = Object.keys(SERVER_URLS).map((name) => JSON.stringify(name));
    throw new PaymentsConnectError(`Unknown environment ${JSON.stringify(environment)}: use ${known.join(' or ')}`);
  }
  if (baseUrl !== undefined) {
    // `new URL('localhost:4010')` parses, with the scheme `localhost:`; and fetch refuses a URL with a user or a
    // password, which every error naming a URL would show besides. Either would fail only at the first call.
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
      throw new PaymentsConnectError('baseUrl must be an absolute http(s) URL, without user or password');
    }
  }
  // An empty AccountId header fails every /v1 call with a 400.
  if (typeof accountId === 'string' && !accountId.trim()) {
    throw new PaymentsConnectError('accountId is empty: pass an AccountId or leave the option out');
  }
}

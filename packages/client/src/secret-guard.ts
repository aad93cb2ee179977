import { PaymentsConnectError } from './errors.js';

/**
 * Throws when a client secret would be used in a browser-like environment (a browser, a web worker, React
 * Native: places where shipped code can be read by its users): section 5 of the interface holds the secret
 * server-side only. `dangerouslyAllowBrowser` is for code that never reaches users (tests in jsdom).
 */
export function assertSecretStaysServerSide(dangerouslyAllowBrowser: boolean | undefined): void {
  const global = globalThis as {
    window?: { document?: unknown };
    importScripts?: unknown;
    navigator?: { product?: string };
  };
  // Node 21+ defines `navigator`, so its mere presence proves nothing; a DOM `document` or `importScripts` does.
  if (
    !dangerouslyAllowBrowser &&
    (global.window?.document || global.importScripts || global.navigator?.product === 'ReactNative')
  ) {
    throw new PaymentsConnectError('clientSecret must stay server-side (see dangerouslyAllowBrowser)');
  }
}

/**
 * `text` with `secret` replaced by `[redacted]` where it stands as a whole value: the whole text, or delimited by what
 * is no letter, digit or mark (quotes, spaces, punctuation, `_`). For what a server sends back, which may echo the
 * credentials it was given. Never inside a longer word: a secret `client` leaves `clientId` as it is, so the message
 * keeps reading and the marks do not spell out the secret's letters.
 */
export function redactSecret(text: string, secret: string): string {
  // Made here, not at load: only a refused token request needs them. A lookaround only where the secret's own edge is
  // part of a word: one that starts or ends with punctuation is replaced wherever it stands.
  const word = '[\\p{L}\\p{N}\\p{M}]';
  const edge = (pattern: string) => new RegExp(pattern, 'u').test(secret);
  const escaped = secret.replace(/[$()*+./?[\\\]^{|}]/g, '\\$&');
  const whole = `${edge(`^${word}`) ? `(?<!${word})` : ''}${escaped}${edge(`${word}$`) ? `(?!${word})` : ''}`;
  return secret ? text.replace(new RegExp(whole, 'gu'), '[redacted]') : text;
}

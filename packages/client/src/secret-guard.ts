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
 * `text` with every occurrence of `secret` replaced by `[redacted]`: for what a server sends back, which may echo the
 * credentials it was given.
 */
export function redactSecret(text: string, secret: string): string {
  return text.replaceAll(secret, '[redacted]');
}

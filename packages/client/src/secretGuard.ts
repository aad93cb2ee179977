import { PaymentsConnectError } from './errors.js';

/**
 * True in a browser, a web worker or React Native: places where shipped code can be read by its users.
 * Node 21+ defines `navigator`, so its mere presence proves nothing; a DOM `document` or `importScripts` does.
 */
export function isBrowserLike(): boolean {
  const global = globalThis as {
    window?: { document?: unknown };
    importScripts?: unknown;
    navigator?: { product?: string };
  };
  return !!global.window?.document || !!global.importScripts || global.navigator?.product === 'ReactNative';
}

/**
 * Throws when a client secret would be used in a browser-like environment: section 5 of the interface holds
 * the secret server-side only. `dangerouslyAllowBrowser` is for code that never reaches users (tests in jsdom).
 */
export function assertSecretStaysServerSide(dangerouslyAllowBrowser: boolean | undefined): void {
  if (!dangerouslyAllowBrowser && isBrowserLike()) {
    throw new PaymentsConnectError('clientSecret must stay server-side (see dangerouslyAllowBrowser)');
  }
}

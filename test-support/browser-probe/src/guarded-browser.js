import { chromium } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The screens the tests read the page on: a laptop, and a phone held upright (the CSS size of an iPhone 12 to 15,
 * two device pixels to one, touch).
 */
export const SCREENS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/**
 * The page's window with its own record of what its Content-Security-Policy refused, kept by the init script.
 * @typedef {typeof window & { __policyViolations: string[] }} RecordingWindow
 */

/**
 * Whether a request stays on this machine: a file, the loopback server, or data the page made
 * itself (data: and blob: URLs).
 * @param {string} url
 */
export function staysOnMachine(url) {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1';
}

/**
 * @typedef {object} GuardedBrowser
 * @property {import('playwright-core').Page} page
 * @property {import('playwright-core').BrowserContext} context
 * @property {string[]} leftMachine URLs of every request (and WebSocket) that tried to leave the machine; each
 *   was blocked.
 * @property {() => Promise<string[]>} policyViolations URLs the page's Content-Security-Policy refused.
 * @property {() => Promise<void>} close Closes the context and its connection to the browser.
 */

/**
 * Opens a fresh browser context (no cookies, storage or cache of another test) in the test run's one headless
 * Chromium (test/shared-chromium.js), on its own connection. Every request is routed: file and 127.0.0.1 go
 * through, anything else is aborted and recorded.
 * @param {{ offline?: boolean, screen?: (typeof SCREENS)[keyof typeof SCREENS] }} [options] offline: also switch
 *   the network off, as a reader without one (Chromium then refuses 127.0.0.1 too); screen: the desktop's by default.
 * @returns {Promise<GuardedBrowser>}
 */
export async function openGuardedBrowser({ offline = false, screen = SCREENS.desktop } = {}) {
  const shared = inject('sharedChromium');
  if (!('wsEndpoint' in shared)) throw new Error(shared.reason);
  const browser = await chromium.connect(shared.wsEndpoint);
  const context = await browser.newContext({ ...screen, offline });
  /** @type {string[]} */
  const leftMachine = [];
  /** @type {WeakSet<import('playwright-core').Request>} */
  const counted = new WeakSet();
  /** @param {import('playwright-core').Request} request */
  const record = (request) => {
    if (counted.has(request)) return;
    counted.add(request);
    leftMachine.push(request.url());
  };
  await context.route('**/*', (route) => {
    if (staysOnMachine(route.request().url())) return route.continue();
    record(route.request());
    return route.abort('blockedbyclient');
  });
  // Requests the router does not see (a worker's) are recorded too, once each.
  context.on('request', (request) => {
    if (!staysOnMachine(request.url())) record(request);
  });
  // The page's CSP refuses what a future bundle might try; record the attempt, so it cannot hide.
  await context.addInitScript(() => {
    const recording = /** @type {RecordingWindow} */ (window);
    recording.__policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      recording.__policyViolations.push(event.blockedURI || event.violatedDirective),
    );
  });
  const page = await context.newPage();
  page.on('websocket', (socket) => {
    if (!staysOnMachine(socket.url())) leftMachine.push(socket.url());
  });
  return {
    page,
    context,
    leftMachine,
    policyViolations: () => page.evaluate(() => /** @type {RecordingWindow} */ (window).__policyViolations),
    // Closes the context and this connection; the shared Chromium runs on for the other tests.
    close: () => browser.close(),
  };
}

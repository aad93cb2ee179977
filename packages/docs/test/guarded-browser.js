import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '@payments-connect/bootstrap/find-chromium';
import { chromium } from 'playwright-core';

/** Headless and quiet: no GPU, no QUIC, and none of Chromium's own background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
 * @property {() => Promise<void>} close Closes the browser and removes its profile.
 */

/**
 * Starts headless Chromium with a fresh profile. Every request is routed: file and 127.0.0.1 go
 * through, anything else is aborted and recorded.
 * @param {{ offline?: boolean, screen?: (typeof SCREENS)[keyof typeof SCREENS] }} [options] offline: also switch
 *   the network off, as a reader without one (Chromium then refuses 127.0.0.1 too); screen: the desktop's by default.
 * @returns {Promise<GuardedBrowser>}
 */
export async function launchGuardedBrowser({ offline = false, screen = SCREENS.desktop } = {}) {
  // CHROMIUM_PATH, else Debian's, else a Playwright-managed one; the tests never download a browser.
  const found = findChromium();
  if (found.path === undefined) throw new Error(found.reason);
  const profile = mkdtempSync(join(tmpdir(), 'payments-connect-docs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.path,
    headless: true,
    args: CHROMIUM_ARGS,
    ...screen,
    offline,
  });
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
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('websocket', (socket) => {
    if (!staysOnMachine(socket.url())) leftMachine.push(socket.url());
  });
  return {
    page,
    context,
    leftMachine,
    policyViolations: () => page.evaluate(() => /** @type {RecordingWindow} */ (window).__policyViolations),
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

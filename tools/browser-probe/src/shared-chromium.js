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
 * Starts the one headless Chromium of the test run (a launch costs about a second of CPU; the browser files used to
 * pay it eight times). Each test opens its own fresh context in it (guarded-browser.js). Without a Chromium the run
 * still starts: only the browser tests fail, with the reason.
 * @param {import('vitest/node').TestProject} project
 */
export default async function setup(project) {
  // CHROMIUM_PATH, else Debian's, else a Playwright-managed one; the tests never download a browser.
  const found = findChromium();
  if (found.path === undefined) {
    project.provide('sharedChromium', { reason: found.reason });
    return undefined;
  }
  const server = await chromium.launchServer({
    executablePath: found.path,
    headless: true,
    args: CHROMIUM_ARGS,
    host: '127.0.0.1',
  });
  project.provide('sharedChromium', { wsEndpoint: server.wsEndpoint() });
  return () => server.close();
}

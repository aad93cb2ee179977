import { findChromium } from '@payments-connect/bootstrap/find-chromium';
import { chromium } from 'playwright-core';

/**
 * The environment variable through which a test job hands the one Chromium it started to every test run under it
 * (bin/with-shared-chromium.js); a test run that finds none starts its own.
 */
export const CHROMIUM_ENDPOINT_VARIABLE = 'CHROMIUM_WS_ENDPOINT';

/**
 * Headless and quiet: no GPU, no QUIC, and none of Chromium's own background traffic. Its shared memory in /tmp, not
 * /dev/shm: a container's is 64 MB by default, and one browser serves the pages of every test run of a job.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts a headless Chromium that test processes connect to (a launch costs about a second of CPU; the browser files
 * used to pay it eight times, and the browser test runs three). Never downloads a browser: CHROMIUM_PATH, else
 * Debian's, else a Playwright-managed one.
 * @returns {Promise<{ server: import('playwright-core').BrowserServer } | { reason: string }>} the running browser,
 *   or why there is none
 */
export async function launchSharedChromium() {
  const found = findChromium();
  if (found.path === undefined) return { reason: found.reason };
  const server = await chromium.launchServer({
    executablePath: found.path,
    headless: true,
    args: CHROMIUM_ARGS,
    host: '127.0.0.1',
  });
  return { server };
}

/**
 * The vitest globalSetup of the browser tests: hands the test files the Chromium of the run (`sharedChromium`), the
 * test job's when it started one, else one started here for this run. Each test opens its own fresh context in it
 * (guarded-browser.js). Without a Chromium the run still starts: only the browser tests fail, with the reason.
 * @param {import('vitest/node').TestProject} project
 */
export default async function setup(project) {
  const endpoint = process.env[CHROMIUM_ENDPOINT_VARIABLE];
  if (endpoint) {
    project.provide('sharedChromium', { wsEndpoint: endpoint });
    return undefined;
  }
  const launched = await launchSharedChromium();
  if ('reason' in launched) {
    project.provide('sharedChromium', { reason: launched.reason });
    return undefined;
  }
  project.provide('sharedChromium', { wsEndpoint: launched.server.wsEndpoint() });
  return () => launched.server.close();
}

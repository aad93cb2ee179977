// The rendered reference in a real browser (Debian's Chromium), served by docs:serve on 127.0.0.1, with the network
// guarded: it must render every operation and its samples, and its Try it console must reach a mock on another port,
// while nothing leaves the machine. The same checks run on the file opened from disk with the network off in
// page-layout.test.js, on the page that file has open.

import { spawn } from 'node:child_process';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BUILD_DIR } from './built-reference.js';
import { openGuardedBrowser } from './guarded-browser.js';
import { itShowsTheRenderedReference, LAST_OPERATION_ID } from './rendered-reference-checks.js';
import { openConsoleFromBar, send } from './try-it-page.js';

/**
 * @typedef {import('./guarded-browser.js').GuardedBrowser} GuardedBrowser
 */

const RENDER_TIMEOUT_MS = 30_000;

describe('the page served by docs:serve on 127.0.0.1', () => {
  /** @type {{ url: string, stop: () => void }} */
  let server;
  /** @type {GuardedBrowser} */
  let browser;
  beforeAll(async () => {
    server = await startServeScript();
    browser = await openGuardedBrowser();
    await browser.page.goto(server.url);
    await browser.page
      .locator(`[data-section-id="operation/${LAST_OPERATION_ID}"]`)
      .first()
      .waitFor({ state: 'attached', timeout: RENDER_TIMEOUT_MS });
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  itShowsTheRenderedReference(() => browser);

  // Last but one: the console, once open, is modal.
  it('Try it calls the mock from the docs server origin (another port: a cross-origin request)', async () => {
    const mock = await startMock({ port: 0 });
    try {
      await openConsoleFromBar(browser.page);
      await browser.page.locator('#try-it-server').fill(mock.url);
      const { status, body } = await send(browser.page, 'answerRfiQuestion');
      expect(new URL(server.url).origin).not.toBe(new URL(mock.url).origin);
      expect(status.split('\n')[1]).toMatch(/^200 OK/);
      expect(JSON.parse(body)).toBeTypeOf('object');
    } finally {
      await mock.stop();
    }
  });

  it('made no request that left the machine, and the page policy refused nothing', async () => {
    expect(browser.leftMachine).toEqual([]);
    expect(await browser.policyViolations()).toEqual([]);
  });
});

/**
 * Runs `scripts/serve-docs.js` on a free port and reads the URL it prints.
 * @returns {Promise<{ url: string, stop: () => void }>}
 */
function startServeScript() {
  const child = spawn(process.execPath, ['scripts/serve-docs.js', '--port', '0', '--root', TEST_BUILD_DIR], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`serve-docs exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
  });
}

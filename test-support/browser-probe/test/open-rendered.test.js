// openRendered in the run's Chromium: a page that renders is open once it says so, and one that never does fails
// with what the page itself reported meanwhile, not with a bare timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGuardedBrowser } from '../src/guarded-browser.js';
import { openRendered } from '../src/try-it-page.js';

/** @param {string} script */
const pageRunning = (script) => `data:text/html,${encodeURIComponent(`<!doctype html><script>${script}</script>`)}`;

/** @type {import('../src/guarded-browser.js').GuardedBrowser} */
let browser;
beforeAll(async () => {
  browser = await openGuardedBrowser();
});
afterAll(() => browser?.close());

describe('openRendered', () => {
  it('returns once the page marks itself rendered', async () => {
    await openRendered(browser.page, pageRunning("document.documentElement.dataset.rendered = 'true';"));
    expect(await browser.page.locator('html[data-rendered]').count()).toBe(1);
  });

  it('fails with the console error and the uncaught error of a page that never renders', async () => {
    const url = pageRunning("console.error('no spec to render'); throw new Error('Redoc is not defined');");
    // The page's errors come as it loads; the wait only has to outlast the load.
    const opening = openRendered(browser.page, url, { timeoutMs: 2_000 });
    await expect(opening).rejects.toThrow(/did not render \(.*its console said no spec to render/);
    await expect(opening).rejects.toThrow(/it threw Redoc is not defined\)$/);
  });
});

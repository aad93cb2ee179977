// The rendered reference in a real browser (Debian's Chromium), with the network guarded: it must
// render every operation and its samples while nothing leaves the machine.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContract } from '@payments-connect/openapi/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURL_LABEL, TYPESCRIPT_LABEL } from '../src/code-samples.js';
import { FLAGS } from '../src/flags.js';
import { OVERVIEW_TITLE, sectionAnchor, USAGE_TITLE } from '../src/overview.js';
import { TEST_BUILD_DIR, TEST_RESULTS_DIR } from './built-reference.js';
import { openGuardedBrowser } from './guarded-browser.js';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./guarded-browser.js').GuardedBrowser} GuardedBrowser
 */

const RENDER_TIMEOUT_MS = 30_000;
const SCREENSHOT_OPERATION = 'uploadPaymentRequestPreviewLogo';

const contract = loadContract();
const spec = contract.document;
/** The Operation Objects the page shows: the calls, then the webhooks. @type {any[]} */
const operations = [...contract.operations, ...contract.webhooks].map(({ operation }) => operation);
const callable = contract.operations;

/**
 * Opens the page and waits until Redoc has rendered the last operation.
 * @param {Page} page
 * @param {string} url
 */
async function openReference(page, url) {
  await page.goto(url);
  const last = operations.at(-1).operationId;
  await page
    .locator(`[data-section-id="operation/${last}"]`)
    .first()
    .waitFor({ state: 'attached', timeout: RENDER_TIMEOUT_MS });
}

/**
 * The checks both ways of opening the reference must pass.
 * @param {string} name
 * @param {() => Promise<GuardedBrowser>} open Starts the browser with the reference open.
 */
function describeRenderedReference(name, open) {
  describe(name, () => {
    /** @type {GuardedBrowser} */
    let browser;
    /** @type {Page} */
    let page;
    beforeAll(async () => {
      browser = await open();
      page = browser.page;
    });
    afterAll(() => browser?.close());

    it('shows every operation of the spec, by operationId and summary', async () => {
      const text = await page.locator('#redoc').innerText();
      for (const { operationId, summary } of operations) {
        expect(await page.locator(`[data-section-id="operation/${operationId}"]`).count(), operationId).toBeGreaterThan(
          0,
        );
        expect(text, operationId).toContain(summary);
      }
    });

    it('renders a TypeScript and a curl tab for every operation', async () => {
      const tabs = page.locator('[role="tab"]');
      expect(await tabs.filter({ hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).count()).toBe(callable.length);
      expect(await tabs.filter({ hasText: new RegExp(`^${CURL_LABEL}$`) }).count()).toBe(callable.length);
    });

    it('shows the samples of the multipart upload: the client with a Blob, curl with -F', async () => {
      const section = page.locator(`[data-section-id="operation/${SCREENSHOT_OPERATION}"]`).last();
      await section.locator('[role="tab"]', { hasText: new RegExp(`^${CURL_LABEL}$`) }).click();
      await expect.poll(() => section.innerText()).toContain("-F 'logo=@logo.png'");
      expect(await section.innerText()).toContain('Authorization: Bearer $ACCESS_TOKEN');
      await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
      await expect.poll(() => section.innerText()).toContain('createPaymentsConnectClient');
      expect(await section.innerText()).toContain('body: { logo: logoFile }');
    });

    it('badges every sandbox-only and designed-here operation', async () => {
      for (const flag of FLAGS) {
        const flagged = operations.filter((operation) => operation[flag.extension] === true);
        expect(flagged.length, flag.extension).toBeGreaterThan(0);
        for (const { operationId } of flagged) {
          const heading = page.locator(`[data-section-id="operation/${operationId}"] h2`).last();
          expect(await heading.innerText(), `${operationId} ${flag.extension}`).toContain(flag.badge.name);
        }
      }
    });

    it('shows servers, token exchange, error envelope, 409 variants, retry table and flag lists', async () => {
      const sections = [
        sectionAnchor(OVERVIEW_TITLE, 'Errors'),
        ...['Servers', 'Calling the API', 'Error envelope', 'RFI 409 variants', ...FLAGS.map((flag) => flag.title)].map(
          (title) => sectionAnchor(USAGE_TITLE, title),
        ),
      ];
      for (const id of sections) expect(await page.locator(`[data-section-id="${id}"]`).count(), id).toBeGreaterThan(0);
      const text = await page.locator('#redoc').innerText();
      for (const server of spec.servers) expect(text).toContain(Object.values(server.variables)[0].default);
      for (const expected of [
        'POST /auth/token',
        'jq -r .access_token',
        'Only after fixing the field',
        'RFI_NOT_OPEN',
        'RFI_ITEM_ALREADY_APPROVED',
        'Fetch the case to confirm its status and stop polling',
        'Skip the item',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('searches offline: the search worker runs from the page itself', async () => {
      const summary = operations.find(({ operationId }) => operationId === SCREENSHOT_OPERATION).summary;
      await page.locator('input[placeholder="Search..."]').fill('preview logo');
      await expect.poll(() => page.locator('[data-role="search:results"]').innerText()).toContain(summary);
      await page.locator('input[placeholder="Search..."]').fill('');
    });

    it('links only to sections that exist', async () => {
      const targets = await page.$$eval('#redoc a[href^="#"]', (links) => [
        ...new Set(links.map((link) => (link.getAttribute('href') ?? '#').slice(1))),
      ]);
      const ids = new Set(
        await page.$$eval('[data-section-id]', (nodes) => nodes.map((node) => node.getAttribute('data-section-id'))),
      );
      expect(targets.filter((target) => !ids.has(target))).toEqual([]);
    });

    it('made no request that left the machine, and the page policy refused nothing', async () => {
      expect(browser.leftMachine).toEqual([]);
      expect(await browser.policyViolations()).toEqual([]);
    });
  });
}

describeRenderedReference('the HTML file opened from disk with the network off', async () => {
  const browser = await openGuardedBrowser({ offline: true });
  await openReference(browser.page, pathToFileURL(join(TEST_BUILD_DIR, 'index.html')).href);
  // The artifact: the sandbox-only upload with its badge and the TypeScript sample.
  const section = browser.page.locator(`[data-section-id="operation/${SCREENSHOT_OPERATION}"]`).last();
  await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
  await section.scrollIntoViewIfNeeded();
  await browser.page.evaluate(
    (id) => document.querySelector(`[data-section-id="operation/${id}"]`)?.scrollIntoView(),
    SCREENSHOT_OPERATION,
  );
  mkdirSync(TEST_RESULTS_DIR, { recursive: true });
  await browser.page.screenshot({ path: join(TEST_RESULTS_DIR, 'docs.png') });
  return browser;
});

describeRenderedReference('the page served by docs:serve on 127.0.0.1', async () => {
  const server = await startServeScript();
  const browser = await openGuardedBrowser();
  await openReference(browser.page, server.url);
  return {
    ...browser,
    close: async () => {
      await browser.close();
      server.stop();
    },
  };
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

// The checks every server that serves the rendered reference must pass (the mock, the emulator): the published page
// at /_docs, and its Try it console working on the page's own origin, in a real Chromium. One page load for the
// server's whole file: the server's own tests run on the same page, before the closing checks.

import { readFileSync } from 'node:fs';
import { DOCS_PATH } from '@payments-connect/contract/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe-audit.js';
import { openGuardedBrowser } from './guarded-browser.js';
import { openConsole, send } from './try-it-page.js';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./guarded-browser.js').GuardedBrowser} GuardedBrowser
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 */

/**
 * @typedef {object} ServedServer a running server of the contract that serves the reference
 * @property {string} url its base URL, no trailing slash
 * @property {() => JournalEntry[]} requests its request journal
 * @property {() => Promise<void>} stop
 */

/**
 * @typedef {object} ServedReferenceSubject
 * @property {string} name the server, for the test titles
 * @property {() => Promise<ServedServer>} start starts one on a free port, as a consumer's code does
 * @property {string} bin the command of its package (`payments-connect-mock`): the page must tell readers to run
 *   `npx <bin>`
 * @property {string} publishedPage the page of `@payments-connect/docs` as the server's package resolves it
 */

/**
 * @typedef {object} ServedReference what the server's own tests get: the server, and its /_docs open in Chromium
 *   with the console open, after a first exchange on the page's origin
 * @property {ServedServer} server
 * @property {GuardedBrowser} browser
 * @property {Page} page
 * @property {{ url: string, method: string }[]} sent the requests the console sent, in order
 */

/** Words of this repository's own scripts, which a consumer of the packages cannot run. */
const REPOSITORY_SCRIPTS = /npm start|pnpm (?:--filter|mock|run|docs)|contract repository/;

/**
 * Registers the describe of a server's /_docs: it starts the server, opens the page at the operation `getRfiCase`
 * with the console open, runs the common checks, then the server's own (`more`, on the same page), then axe-core and
 * the check that nothing left the machine.
 * @param {ServedReferenceSubject} subject
 * @param {(opened: () => ServedReference) => void} more the server's own tests
 */
export function describeServedReference(subject, more) {
  describe(`the ${subject.name} serves the rendered reference at ${DOCS_PATH}, with a working Try it`, () => {
    /** @type {ServedReference} */
    let opened;
    beforeAll(async () => {
      const server = await subject.start();
      const browser = await openGuardedBrowser();
      /** @type {ServedReference['sent']} */
      const sent = [];
      browser.page.on('request', (request) => {
        if (request.resourceType() === 'fetch') sent.push({ url: request.url(), method: request.method() });
      });
      opened = { server, browser, page: browser.page, sent };
      await openConsole(browser.page, `${server.url}${DOCS_PATH}#tag/RFI/operation/getRfiCase`);
    });
    afterAll(async () => {
      await opened?.browser.close();
      await opened?.server.stop();
    });

    it('serves the page of @payments-connect/docs, byte for byte, at one address; journals none of it', async () => {
      const { url } = opened.server;
      const page = await fetch(`${url}${DOCS_PATH}`);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(Buffer.from(await page.arrayBuffer()).equals(readFileSync(subject.publishedPage))).toBe(true);
      const slash = await fetch(`${url}${DOCS_PATH}/`, { redirect: 'manual' });
      expect([slash.status, slash.headers.get('location')]).toEqual([308, DOCS_PATH]);
      expect(opened.server.requests().filter(({ target }) => target.startsWith(DOCS_PATH))).toEqual([]);
    });

    it('renders, and its console starts on the server that serves it', async () => {
      const { page, server } = opened;
      expect(await page.locator('[data-section-id^="operation/"]').count()).toBeGreaterThan(20);
      expect(await page.locator('#try-it-server').inputValue()).toBe(server.url);
      expect(await page.locator('#try-it').innerText()).toContain(
        `Sends requests to the server that serves this page, ${server.url}`,
      );
    });

    it("sends on the page's own origin: the token exchange, then the operation, no cross-origin step", async () => {
      const { page, server, sent } = opened;
      const { status, body } = await send(page, 'getRfiCase');
      expect(status.split('\n')).toEqual([expect.stringMatching(`^GET ${server.url}/v1/rfi/`), expect.any(String)]);
      expect(status.split('\n')[1]).toMatch(/^200 OK in \d+ ms$/);
      expect(JSON.parse(body)).toHaveProperty('rfiId');
      expect(
        sent.map(({ method, url }) => `${method} ${new URL(url).pathname.split('/').slice(0, 3).join('/')}`),
      ).toEqual(['POST /auth/token', 'GET /v1/rfi']);
      // Same origin: no preflight, nothing for CORS to allow.
      expect(sent.filter(({ url }) => new URL(url).origin !== new URL(server.url).origin)).toEqual([]);
      expect(await page.locator('#try-it-token-status').textContent()).toMatch(`Token from ${server.url}, valid`);
    });

    it(`tells a reader to run npx ${subject.bin}, and never names a script of this repository`, async () => {
      const text = await opened.page.locator('body').innerText();
      expect(text).toContain(`npx ${subject.bin}`);
      expect(text).not.toMatch(REPOSITORY_SCRIPTS);
    });

    more(() => opened);

    it('breaks no rule of WCAG 2.1 A and AA that axe-core checks, its console open with an answer', async () => {
      expect(await axeViolations(opened.page)).toEqual([]);
    });

    it('made no request that left the machine, and the page policy refused nothing', async () => {
      expect(opened.browser.leftMachine).toEqual([]);
      expect(await opened.browser.policyViolations()).toEqual([]);
    });
  });
}

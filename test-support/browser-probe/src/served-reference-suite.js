// The checks every server that serves the rendered reference must pass (the mock, the emulator): the published page
// at /_docs, and its Try it console working on the page's own origin, in a real Chromium. One page load for the
// server's whole file: the server's own tests run on the same page, before the closing checks.

import { readFileSync } from 'node:fs';
import { loadContract } from '@payments-connect/contract';
import { DOCS_PATH } from '@payments-connect/contract/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe-audit.js';
import { openGuardedBrowser } from './guarded-browser.js';
import { answerInView, openConsole, openConsoleFromBar, preferSettled, send } from './try-it-page.js';

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
 * @property {boolean} honoursPrefer whether its answers follow a `Prefer` header (the mock's do, the emulator's not):
 *   the console offers the field only then
 * @property {boolean} namesServedExample whether its answers name the example they were made from in
 *   `Served-Example` (the mock's do; the emulator answers from its state)
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
/** Words of a file the reader does not have: the interface document the contract was written from. */
const SOURCE_DOCUMENT = /interface document\b|payments-connect-interface|\.md\b/i;
/**
 * The spec's request example of a write to the closed case, which both servers refuse with its 409: the emulator from
 * its state, the mock because the request is that example.
 */
const CLOSED_CASE_WRITE = { operationId: 'answerRfiQuestion', example: 'rfiNotOpen' };

/** The area tags the spec keeps for what interface v1.0 names without an operation. */
const AREA_WITHOUT_OPERATIONS = 'Wallets';

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

    it('lands a reader who follows a link to an operation on it (#tag/RFI/operation/getRfiCase)', async () => {
      const top = await opened.page.evaluate(
        () => document.querySelector('[data-section-id="operation/getRfiCase"]')?.getBoundingClientRect().top ?? -1,
      );
      // Below the bar (48 px), at the top of the window.
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(120);
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
      // The console asked the server what it makes of Prefer as it opened: its page's head.
      expect(
        sent.map(({ method, url }) => `${method} ${new URL(url).pathname.split('/').slice(0, 3).join('/')}`),
      ).toEqual([`HEAD ${DOCS_PATH}`, 'POST /auth/token', 'GET /v1/rfi']);
      // Same origin: no preflight, nothing for CORS to allow.
      expect(sent.filter(({ url }) => new URL(url).origin !== new URL(server.url).origin)).toEqual([]);
      expect(await page.locator('#try-it-token-status').textContent()).toMatch(`Token from ${server.url}, valid`);
    });

    it(`tells a reader to run npx ${subject.bin}, and never names a script of this repository`, async () => {
      const text = await opened.page.locator('body').innerText();
      expect(text).toContain(`npx ${subject.bin}`);
      expect(text).not.toMatch(REPOSITORY_SCRIPTS);
    });

    it('speaks of the API, never of a document the reader does not have', async () => {
      expect(await opened.page.locator('body').innerText()).not.toMatch(SOURCE_DOCUMENT);
    });

    it('shows the answer once sent: the response in view, not below the fold', async () => {
      const { page } = opened;
      await page.locator('#try-it').evaluate((dialog) => dialog.scrollTo(0, 0));
      // An operation with a body: its fields push the response below the fold on a laptop.
      await send(page, 'submitRfiResponses');
      expect(await answerInView(page)).toBe(true);
    });

    it(
      subject.honoursPrefer
        ? 'offers Prefer, which this server honours, saying what it takes'
        : 'offers no Prefer, which this server ignores, says so, and sends none',
      async () => {
        const { page } = opened;
        expect(await preferSettled(page)).toBe(subject.honoursPrefer ? 'honoured' : 'ignored');
        expect(await page.locator('#try-it-prefer').isVisible()).toBe(subject.honoursPrefer);
        expect(await page.locator('#try-it-prefer-note').isVisible()).toBe(!subject.honoursPrefer);
        if (subject.honoursPrefer) {
          expect(await page.locator('#try-it-prefer-field').innerText()).toContain('code, example');
          return;
        }
        /** @type {string[]} */
        const prefers = [];
        const listen = (/** @type {import('playwright-core').Request} */ request) => {
          if (new URL(request.url()).pathname.startsWith('/v1/')) prefers.push(request.headers().prefer ?? '');
        };
        page.on('request', listen);
        try {
          await send(page, 'listRfiCases');
        } finally {
          page.off('request', listen);
        }
        expect(prefers).toEqual(['']);
      },
    );

    it("points the samples at this server: its URL as the client's baseUrl and in curl", async () => {
      const { page, server } = opened;
      // The console is modal: closed while the samples are read, open again after, as the other tests expect it.
      await page.locator('#try-it .pc-try-it-close').click();
      try {
        const section = page.locator('[data-section-id="operation/getRfiCase"]').last();
        await section.locator('[role="tab"]', { hasText: /^curl$/ }).click();
        // The curl sample's base URL defaults to this server's: `NAME="${NAME:-"<url>"}"`.
        const curlDefault = `PAYMENTS_CONNECT_BASE_URL="\${PAYMENTS_CONNECT_BASE_URL:-"${server.url}"}"`;
        await expect.poll(() => section.innerText()).toContain(curlDefault);
        await section.locator('[role="tab"]', { hasText: /^TypeScript$/ }).click();
        await expect.poll(() => section.innerText()).toContain(`baseUrl: '${server.url}',`);
        const text = await section.innerText();
        expect(text).toContain("This server's URL");
        expect(text).not.toContain('Placeholder URL');
      } finally {
        await openConsoleFromBar(page);
      }
    });

    it("answers the closed case's ids, typed in the console, with the 409 of its example (RFI_NOT_OPEN)", async () => {
      const { page } = opened;
      const contract = loadContract();
      const operation = contract.operation(CLOSED_CASE_WRITE.operationId);
      if (!operation) throw new Error(`the spec has no ${CLOSED_CASE_WRITE.operationId}`);
      const request = contract.exampleRequest(operation, CLOSED_CASE_WRITE.example);
      const body = new TextDecoder().decode(request.body);
      try {
        await page.locator('#try-it-operation').selectOption(CLOSED_CASE_WRITE.operationId);
        for (const { name, in: location, value } of contract
          .namedExamples(operation)
          .find((named) => named.name === CLOSED_CASE_WRITE.example)?.parameters ?? []) {
          if (location === 'path') await page.locator(`#try-it-path-${name}`).fill(String(value));
        }
        await page.locator('#try-it-body').fill(body);
        const shown = await send(page, CLOSED_CASE_WRITE.operationId, { keepFields: true });
        expect(shown.status.split('\n')[1]).toMatch(/^409 Conflict in/);
        expect(JSON.parse(shown.body)).toMatchObject({
          code: 'CONFLICT',
          message: expect.stringContaining('RFI_NOT_OPEN'),
        });
        const served = subject.namesServedExample ? CLOSED_CASE_WRITE.example : undefined;
        expect(shown.headers['served-example']).toBe(served);
      } finally {
        // The next test that picks this operation gets its fields afresh.
        await page.locator('#try-it-operation').selectOption('getRfiCase');
      }
    });

    it('keeps the menu to areas with operations: those without are listed in one section', async () => {
      const { page } = opened;
      const menuTags = await page.$$eval('.menu-content [data-item-id^="tag/"]', (items) =>
        items.map((item) => item.getAttribute('data-item-id')),
      );
      expect(menuTags).toContain('tag/RFI');
      expect(menuTags).not.toContain(`tag/${AREA_WITHOUT_OPERATIONS}`);
      const areas = page.locator('[data-section-id="section/Using-the-API/Areas-without-operations"]');
      expect(await areas.count()).toBeGreaterThan(0);
      expect(await areas.first().innerText()).toContain(`${AREA_WITHOUT_OPERATIONS}:`);
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

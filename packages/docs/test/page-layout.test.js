// The page as a reader sees it, on a laptop and on a phone, opened from disk with the network off: real server
// URLs, flags that keep the schema's own text, open enums with their values, code and names that show whole, a
// menu that covers nothing, and a "Download" that gives the published bundle. Screenshots go to
// test-results/screenshots. On the laptop the same page also passes the checks of the rendered reference
// (rendered-reference-checks.js) and gives test-results/docs.png; on the phone its Try it console fits the screen,
// says what happened when nothing answers, and, back online, reaches a server of the contract on 127.0.0.1 across
// origins: one page load for each screen (some two CPU-seconds a load). The mock's and the emulator's tests open the
// same page at their /_docs, where the console sends on the page's own origin.

import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { axeViolations } from '@payments-connect/browser-probe/axe-audit';
import { openGuardedBrowser, SCREENS } from '@payments-connect/browser-probe/guarded-browser';
import {
  answerInView,
  openConsoleFromBar,
  openRendered,
  preferSettled,
  send,
} from '@payments-connect/browser-probe/try-it-page';
import { loadContract, openEnumValues } from '@payments-connect/contract';
import { RefusalError, startServer } from '@payments-connect/contract/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPESCRIPT_LABEL } from '../src/code-samples.js';
import { FLAGS } from '../src/flags.js';
import { designedEnumValues } from '../src/open-enums.js';
import { SAMPLE_LANGUAGE_KEY } from '../src/sample-language-choice.js';
import { SAMPLE_LANGUAGES } from '../src/sample-languages.js';
import { TEST_BUILD_DIR, TEST_RESULTS_DIR } from './built-reference.js';
import {
  croppedText,
  overflowingCodeBlocks,
  repeatedExampleValues,
  serverUrlsByOperation,
  splitTokens,
} from './page-probes.js';
import { itShowsTheRenderedReference, SCREENSHOT_OPERATION } from './rendered-reference-checks.js';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('@payments-connect/browser-probe/guarded-browser').GuardedBrowser} GuardedBrowser
 */

const require = createRequire(import.meta.url);
const SCREENSHOTS_DIR = join(TEST_RESULTS_DIR, 'screenshots');
const PAGE_URL = pathToFileURL(join(TEST_BUILD_DIR, 'index.html')).href;
/** The page as a server of the contract serves it at /_docs, for the console to ask what a server honours. */
const docsPage = join(TEST_BUILD_DIR, 'index.html');
/** Redoc's tab of a request body's JSON example, beside the sample tabs. */
const PAYLOAD_LABEL = 'Payload';
/** The language the phone's reader chose on an earlier visit. */
const REMEMBERED_LABEL = 'Go';

const contract = loadContract();
const schemas = contract.document.components.schemas;
/** The RFI 409 variant names, which only ever appear inside text. */
const VARIANT_NAMES = ['RFI_NOT_OPEN', 'RFI_ITEM_ALREADY_APPROVED'];
const openEnums = Object.entries(schemas).flatMap(([name, schema]) => {
  const values = openEnumValues(schema);
  return values ? [{ name, values, designed: designedEnumValues(schema) }] : [];
});
/**
 * Properties that carry a flag beside a `$ref` to an open enum, with the values their schema lists (a flagged `$ref`
 * to an object, `RfiDocumentRequest.document`, lists none).
 */
const flaggedReferences = Object.entries(schemas)
  .flatMap(([schemaName, schema]) =>
    Object.entries(/** @type {Record<string, any>} */ (schema.properties ?? {})).flatMap(([property, node]) =>
      FLAGS.filter((flag) => node.$ref && node[flag.extension] === true).map((flag) => ({
        where: `${schemaName}.${property}`,
        property,
        flag,
        values: openEnumValues(contract.dereference({ $ref: node.$ref }).node) ?? [],
      })),
    ),
  )
  .filter(({ values }) => values.length > 0);
/** A notice as the page shows it: the Markdown's text. @param {string} notice */
const shownText = (notice) => notice.replaceAll('**', '').replaceAll('`', '');

/** The address of a port on 127.0.0.1 where nothing listens (a server started, then stopped). */
async function freeLocalUrl() {
  const server = await startServer({ contract, name: 'closed', answer: () => ({ status: 500 }) });
  await server.stop();
  return server.url;
}

/** @param {Page} page @param {string} name */
async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`) });
}

/** @param {Page} page @param {string} sectionId */
async function scrollToSection(page, sectionId) {
  await page.evaluate((id) => document.querySelector(`[data-section-id="${id}"]`)?.scrollIntoView(), sectionId);
}

/**
 * The artifact of the rendered reference, test-results/docs.png: the sandbox-only upload with its badge and the
 * TypeScript sample. Scrolls back to the top after, where the page was.
 * @param {Page} page
 */
async function saveReferenceScreenshot(page) {
  const section = page.locator(`[data-section-id="operation/${SCREENSHOT_OPERATION}"]`).last();
  await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
  await section.scrollIntoViewIfNeeded();
  await scrollToSection(page, `operation/${SCREENSHOT_OPERATION}`);
  mkdirSync(TEST_RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(TEST_RESULTS_DIR, 'docs.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const [screenName, screen] of Object.entries(SCREENS)) {
  const { width, height } = screen.viewport;
  describe(`the page on a ${screenName} screen (${width}×${height}), opened from disk offline`, () => {
    /** @type {GuardedBrowser} */
    let browser;
    /** @type {Page} */
    let page;
    beforeAll(async () => {
      browser = await openGuardedBrowser({ offline: true, screen });
      page = browser.page;
      // The phone's reader chose Go on an earlier visit.
      if (screenName !== 'desktop') {
        await browser.context.addInitScript(
          ([key, label]) => localStorage.setItem(key, label),
          [SAMPLE_LANGUAGE_KEY, REMEMBERED_LABEL],
        );
      }
      await openRendered(page, PAGE_URL);
      await screenshot(page, `${screenName}-top`);
      if (screenName === 'desktop') await saveReferenceScreenshot(page);
    });
    afterAll(() => browser?.close());

    if (screenName !== 'desktop') {
      it('opens on the sample language the reader chose on an earlier visit, on every operation', async () => {
        const chosen = await page.evaluate(
          (label) =>
            [...document.querySelectorAll('#redoc [role="tab"][aria-selected="true"]')].filter(
              (tab) => tab.textContent === label,
            ).length,
          REMEMBERED_LABEL,
        );
        expect(chosen).toBe(contract.operations.length);
      });
    }

    it('shows every server as its documented URL, never a file: address', async () => {
      const listed = await page.evaluate(serverUrlsByOperation);
      for (const entry of contract.operations) {
        expect(listed[entry.operationId], entry.operationId).toEqual(
          entry.servers.map((server) => `${server.defaultUrl}${entry.path}`),
        );
      }
      expect(await page.locator('#redoc').innerHTML()).not.toContain('file:');
      // Opened, the path bar shows them to the reader.
      const section = page.locator('[data-section-id="operation/getRfiCase"]').first();
      await section.locator('button:has(.http-verb)').first().click();
      const production = `${contract.servers[0]?.defaultUrl}/v1/rfi/{rfiId}`;
      await expect.poll(() => section.getByText(production).first().isVisible()).toBe(true);
      await section.getByText(production).first().scrollIntoViewIfNeeded();
      await screenshot(page, `${screenName}-server-urls`);
      await section.locator('button:has(.http-verb)').first().click();
    });

    it("keeps the schema's own text after a flag's notice on a $ref: the documented values stay", async () => {
      expect(flaggedReferences.map(({ where }) => where)).toEqual(
        expect.arrayContaining(['PaymentRequest.status', 'PaymentRequest.executionMode', 'RfiCase.status']),
      );
      for (const { where, property, flag, values } of flaggedReferences) {
        expect(values.length, where).toBeGreaterThan(0);
        // The property's row: its name in the first cell, its type and description in the second.
        const rows = page
          .locator('#redoc tr')
          .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^\\s*${property}\\s*$`) }) })
          .filter({ hasText: shownText(flag.notice) });
        const texts = await rows.allInnerTexts();
        expect(texts.length, where).toBeGreaterThan(0);
        expect(
          texts.some((text) => values.every((value) => text.includes(value))),
          `${where}: ${values.join(', ')} beside "${flag.title}"`,
        ).toBe(true);
      }
    });

    it('lists the documented values of every open enum, where Redoc showed "X (string) or X (string)"', async () => {
      expect(openEnums.map(({ name }) => name)).toContain('GatewayErrorCode');
      const text = await page.locator('#redoc').innerText();
      for (const { name, values, designed } of openEnums) {
        const documented = values.filter((value) => !designed.includes(value));
        const designedNote = designed.length > 0 ? ` Unconfirmed (designed here): ${designed.join(', ')}.` : '';
        expect(text, name).toContain(`Documented values: ${documented.join(', ')}.${designedNote} The set is open`);
      }
      expect(openEnums.find(({ name }) => name === 'RfiCaseStatus')?.designed).toEqual(['OPEN']);
      expect(text).not.toMatch(/\((string)\) or \w+ \(string\)/);
      await scrollToSection(page, 'section/Using-the-API/Error-envelope');
      await screenshot(page, `${screenName}-error-envelope`);
    });

    it('hides no part of any code block or JSON example, in any request sample tab: lines wrap inside', async () => {
      const results = [];
      // The body's example last: it stays chosen, as it was when the page opened.
      for (const label of [...SAMPLE_LANGUAGES.map((language) => language.label), PAYLOAD_LABEL]) {
        // Every operation's tab at once, in one round trip: a click through Playwright scrolls to each tab first,
        // and the scroll makes Redoc redraw its menu, some 130 ms a tab. What is measured is the layout after.
        const selected = await page.evaluate(async (text) => {
          const tabs = [...document.querySelectorAll('#redoc [role="tab"]')].filter((tab) => tab.textContent === text);
          for (const tab of tabs) /** @type {HTMLElement} */ (tab).click();
          // React applies the clicks in a microtask; a task later the tabs show what was chosen.
          await new Promise((resolve) => setTimeout(resolve));
          return tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').length;
        }, label);
        const withBody = [...contract.operations, ...contract.webhooks].filter(({ requestBody }) => requestBody).length;
        expect(selected, label).toBe(label === PAYLOAD_LABEL ? withBody : contract.operations.length);
        // The JSON examples (.redoc-json) are drawn as a tree, not in a <pre>: a UUID in one ran past the panel.
        results.push(await page.evaluate(overflowingCodeBlocks, '#redoc pre, #redoc .redoc-json'));
      }
      for (const { checked, overflowing } of results) {
        expect(checked).toBeGreaterThanOrEqual(contract.operations.length);
        expect(overflowing).toEqual([]);
      }
    });

    it('lists each example value of a parameter once, where the spec names one per exchange', async () => {
      const { checked, repeated } = await page.evaluate(repeatedExampleValues);
      expect(checked).toBeGreaterThan(contract.operations.length);
      expect(repeated).toEqual([]);
    });

    it('breaks no variant name or documented value across lines', async () => {
      await page.locator('#redoc').evaluate((redoc) => redoc.scrollIntoView());
      const tokens = [...VARIANT_NAMES, ...openEnums.flatMap(({ values }) => values)];
      const { found, split } = await page.evaluate(splitTokens, tokens);
      for (const token of tokens) expect(found[token], token).toBeGreaterThan(0);
      expect(split).toEqual([]);
    });

    it('crops no text at the edge of the screen or of a box that clips it', async () => {
      const { checked, cropped } = await page.evaluate(croppedText, '#redoc');
      expect(checked).toBeGreaterThan(1_000);
      expect(cropped).toEqual([]);
    });

    it('gives the published @payments-connect/openapi bundle, byte for byte, from "Download"', async () => {
      await page.locator('#redoc').evaluate((redoc) => redoc.scrollIntoView());
      const link = page.locator('.api-info a[download]');
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const published = readFileSync(require.resolve('@payments-connect/openapi/openapi.yaml'));
      expect(download.suggestedFilename()).toBe('openapi.yaml');
      // Read as a stream: the path of a download is not available from a browser reached over a connection.
      expect((await buffer(await download.createReadStream())).equals(published)).toBe(true);
    });

    if (screenName === 'phone') {
      it('puts the menu button in the bar above the text, and lands a chosen section below the bar', async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        const viewportWidth = width;
        const bar = await page.locator('.pc-bar').boundingBox();
        const button = await page.locator('#pc-menu').boundingBox();
        if (!bar || !button) throw new Error('no bar or menu button');
        expect([bar.x, bar.y, bar.width]).toEqual([0, 0, viewportWidth]);
        expect(button.y).toBeGreaterThanOrEqual(bar.y);
        expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
        expect(await page.locator('.redoc-wrap > .menu-content + div').isVisible()).toBe(false);
        const contentTop = await page.locator('.api-content').evaluate((node) => node.getBoundingClientRect().top);
        expect(contentTop).toBeGreaterThanOrEqual(bar.height);

        await page.locator('#pc-menu').click();
        const menu = page.locator('.menu-content');
        await expect.poll(() => menu.isVisible()).toBe(true);
        expect(await page.locator('#pc-menu').getAttribute('aria-expanded')).toBe('true');
        expect((await menu.boundingBox())?.y).toBeGreaterThanOrEqual(bar.height);
        await screenshot(page, 'phone-menu');
        // Every area in the menu has operations: its entry opens them, and one of them is chosen.
        await menu.locator('[data-item-id="tag/Payers"]').click();
        await menu.locator('[data-item-id="tag/Payers/operation/getPayer"]').click();
        await expect.poll(() => menu.isVisible()).toBe(false);
        const heading = page.locator('[data-section-id="operation/getPayer"]').locator('h1, h2').first();
        await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(bar.height);
        expect((await heading.boundingBox())?.y).toBeLessThan(height / 2);
        expect(await page.locator('#pc-menu').getAttribute('aria-expanded')).toBe('false');
        await screenshot(page, 'phone-after-menu');
      });
    } else {
      it('keeps the menu beside the text, starting below the bar', async () => {
        const bar = await page.locator('.pc-bar').boundingBox();
        const menu = await page.locator('.menu-content').boundingBox();
        expect(await page.locator('#pc-menu').isVisible()).toBe(false);
        expect(menu?.y).toBe(bar?.height);
        expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(
          (await page.locator('.api-content').boundingBox())?.x ?? 0,
        );
      });
    }

    it('breaks no rule of WCAG 2.1 A and AA that axe-core checks', async () => {
      expect(await axeViolations(page)).toEqual([]);
    });

    // After the checks above, which ran on the page as it was before these existed.
    if (screenName === 'desktop') itShowsTheRenderedReference(() => browser);

    // Last but one: the console, once open, is modal; the last of these puts the network back.
    if (screenName === 'phone') {
      it('fits the Try it console on the screen, the client secret masked until asked', async () => {
        await openConsoleFromBar(page);
        const dialog = await page.locator('#try-it').boundingBox();
        expect(dialog?.x).toBeGreaterThanOrEqual(0);
        expect((dialog?.x ?? 0) + (dialog?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
        const secret = page.locator('#try-it-client-secret');
        expect(await secret.getAttribute('type')).toBe('password');
        await page.locator('#try-it-show-secret').click();
        expect([await secret.getAttribute('type'), await page.locator('#try-it-show-secret').textContent()]).toEqual([
          'text',
          'Hide',
        ]);
        await page.locator('#try-it-show-secret').click();
        expect(await secret.getAttribute('type')).toBe('password');
        // The token exchange's body is those fields: it shows no secret either.
        await page.locator('#try-it-operation').selectOption('createAccessToken');
        const inClear = await page
          .locator('#try-it')
          .evaluate(
            (dialog, value) =>
              [
                /** @type {HTMLElement} */ (dialog).innerText,
                ...[...dialog.querySelectorAll('textarea, input:not([type="password"])')].map(
                  (field) => /** @type {HTMLInputElement} */ (field).value,
                ),
              ].some((text) => text.includes(value)),
            await secret.inputValue(),
          );
        expect(inClear).toBe(false);
      });

      it('says what to start, and what became of the token, when nothing answers; refuses others', async () => {
        const closed = await freeLocalUrl();
        await page.locator('#try-it-server').fill(closed);
        const { status, body } = await send(page, 'listRfiCases');
        expect(status).toBe('Not sent');
        expect(body).toContain(`Nothing answered at ${closed}. Start the mock (npx payments-connect-mock`);
        expect(body).toContain('the emulator (npx payments-connect-emulator');
        expect(await page.locator('#try-it-token-status').textContent()).toBe(
          `No token: nothing answered at ${closed}.`,
        );
        await page.locator('#try-it-server').fill('https://sandbox.api.payments-connect.example');
        expect((await send(page, 'listRfiCases')).body).toContain('only to a server on this machine');
        expect(await page.locator('#try-it').innerText()).not.toMatch(/npm start|pnpm /);
      });

      it('reaches a server of the contract on 127.0.0.1 once online, across origins, its headers shown', async () => {
        const server = await startServer({
          contract,
          name: 'file-page-test',
          // Enough of an answer for the console: a token, then a refusal that carries a header to show.
          answer: ({ operation }) => {
            if (operation === contract.tokenOperation)
              return { status: 200, body: { access_token: 'file-page-token', expires_in: 3600, token_type: 'Bearer' } };
            throw new RefusalError(429, 'slow down', { headers: { 'Retry-After': '7' } });
          },
        });
        try {
          await browser.context.setOffline(false);
          await page.locator('#try-it-server').fill(server.url);
          await page.locator('#try-it').evaluate((dialog) => dialog.scrollTo(0, 0));
          // An operation with a body, whose fields fill a phone's screen before the response starts.
          const { status, headers } = await send(page, 'submitRfiResponses');
          expect(status.split('\n')[1]).toMatch(/^429 Too Many Requests in/);
          // The page's origin is a file's ("null"): the server's CORS answer exposes its headers to it.
          expect(headers).toMatchObject({ 'retry-after': '7', 'content-type': 'application/json' });
          expect(Object.keys(headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
          expect(await page.locator('#try-it-token-status').textContent()).toMatch(`Token from ${server.url}`);
          // The answer is in view once it comes, below the request's fields on a phone: no scrolling asked.
          expect(await answerInView(page)).toBe(true);
          await screenshot(page, 'phone-try-it');
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await server.stop();
        }
      });
    }

    if (screenName === 'phone') {
      it('offers Prefer as the server in its field takes it: asked, where it serves this page', async () => {
        // The server of the last test served no page to ask (nor does one offline): the field stays, with caution.
        expect(await page.locator('#try-it-prefer-field').innerText()).toContain('the emulator ignores it');
        const emulatorLike = await startServer({
          contract,
          name: 'no-prefer',
          answer: () => ({ status: 500 }),
          docsPage,
        });
        const mockLike = await startServer({
          contract,
          name: 'prefer',
          answer: () => ({ status: 500 }),
          docsPage,
          preferences: ['code', 'example'],
        });
        try {
          for (const [server, state] of /** @type {const} */ ([
            [emulatorLike, 'ignored'],
            [mockLike, 'honoured'],
          ])) {
            await page.locator('#try-it-server').fill(server.url);
            await page.locator('#try-it-server').dispatchEvent('change');
            expect(await preferSettled(page), server.url).toBe(state);
            expect(await page.locator('#try-it-prefer').isVisible(), server.url).toBe(state === 'honoured');
            expect(await page.locator('#try-it-prefer-note').isVisible(), server.url).toBe(state === 'ignored');
          }
          expect(await page.locator('#try-it-prefer-field').innerText()).toContain('it takes code, example');
        } finally {
          await emulatorLike.stop();
          await mockLike.stop();
        }
      });
    }

    it('made no request that left the machine, and the page policy refused nothing', async () => {
      expect(browser.leftMachine).toEqual([]);
      expect(await browser.policyViolations()).toEqual([]);
    });
  });
}

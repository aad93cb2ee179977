// The "Try it" console in a real browser against real local servers: the mock (startMock) and the emulator, both on
// 127.0.0.1. The page is opened from disk; every request that would leave the machine is blocked and counted. The
// page served by docs:serve calls the mock in browser.test.js, and the console on a phone in page-layout.test.js, on
// the pages those files have open.

import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContract } from '@payments-connect/contract';
import { startEmulator } from '@payments-connect/emulator';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryItModel } from '../src/try-it-model.js';
import { axeViolations } from './axe-audit.js';
import { TEST_BUILD_DIR, TEST_RESULTS_DIR } from './built-reference.js';
import { openGuardedBrowser } from './guarded-browser.js';
import { ANSWER_TIMEOUT_MS, ANSWERED, openConsole, send } from './try-it-page.js';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./guarded-browser.js').GuardedBrowser} GuardedBrowser
 */

const PAGE_URL = pathToFileURL(join(TEST_BUILD_DIR, 'index.html')).href;
const model = tryItModel(loadContract());

/** @param {Page} page @param {string} name */
async function screenshot(page, name) {
  mkdirSync(join(TEST_RESULTS_DIR, 'screenshots'), { recursive: true });
  await page.screenshot({ path: join(TEST_RESULTS_DIR, 'screenshots', `${name}.png`) });
}

describe('Try it, against the mock (startMock on 127.0.0.1)', () => {
  /** @type {import('@payments-connect/mock').RunningMock} */
  let mock;
  /** @type {GuardedBrowser} */
  let browser;
  /** @type {Page} */
  let page;
  /** @type {{ url: string, headers: Record<string, string> }[]} */
  const sent = [];
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
    browser = await openGuardedBrowser();
    page = browser.page;
    page.on('request', (request) => {
      if (request.url().startsWith(mock.url)) sent.push({ url: request.url(), headers: request.headers() });
    });
    await openConsole(page, `${PAGE_URL}#tag/RFI/operation/getRfiCase`);
    await page.locator('#try-it-server').fill(mock.url);
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.stop();
  });

  it("opens on the operation in the page's address, gets a token, fills AccountId and shows the answer", async () => {
    expect(await page.locator('#try-it-operation').inputValue()).toBe('getRfiCase');
    expect(await page.locator('#try-it-account-id').inputValue()).toBe(model.accountId);
    const rfiId = model.operations.find(({ operationId }) => operationId === 'getRfiCase')?.parameters[0]?.value;
    const { status, body } = await send(page, 'getRfiCase');
    expect(status).toBe(`GET ${mock.url}/v1/rfi/${rfiId}\n${status.split('\n')[1]}`);
    expect(status.split('\n')[1]).toMatch(/^200 OK in \d+ ms$/);
    expect(JSON.parse(body)).toMatchObject({ rfiId });
    const tokenAnswer = await (
      await fetch(`${mock.url}${model.token.path}`, {
        method: model.token.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(model.credentials),
      })
    ).json();
    expect(sent.map(({ url }) => url.slice(mock.url.length))).toEqual([model.token.path, `/v1/rfi/${rfiId}`]);
    expect(sent[1]?.headers).toMatchObject({
      authorization: `Bearer ${tokenAnswer.access_token}`,
      accountid: model.accountId,
    });
    expect(await page.locator('#try-it-token-status').textContent()).toMatch(/^Token from http:\/\/127\.0\.0\.1:\d+/);
    await screenshot(page, 'desktop-try-it');
  });

  it('breaks no rule of WCAG 2.1 A and AA that axe-core checks, open with an answer', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends every operation of the spec, with its examples, and shows the answer the mock gives', async () => {
    /** @type {string[]} */
    const notOk = [];
    for (const { operationId } of model.operations) {
      const { status, body } = await send(page, operationId);
      const code = Number(ANSWERED.exec(status)?.[1]);
      if (!(code >= 200 && code < 300)) notOk.push(`${operationId}: ${status} ${body}`);
    }
    expect(notOk).toEqual([]);
    expect(model.operations.length).toBeGreaterThan(20);
  });

  it('shows an error answer as the mock gives it (Prefer: code=404)', async () => {
    await page.locator('#try-it-prefer').fill('code=404');
    const { status, body } = await send(page, 'getRfiCase');
    await page.locator('#try-it-prefer').fill('');
    expect(status.split('\n')[1]).toMatch(/^404 Not Found in/);
    expect(JSON.parse(body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says what to start when nothing listens, and sends nothing to a server elsewhere', async () => {
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (closed.address());
    await new Promise((resolve) => closed.close(resolve));
    await page.locator('#try-it-server').fill(`http://127.0.0.1:${port}`);
    expect(await send(page, 'listRfiCases')).toMatchObject({ status: 'Not sent' });
    expect(await page.locator('#try-it-response-body').textContent()).toContain(`Start the mock (npm start)`);
    await page.locator('#try-it-server').fill('https://sandbox.api.payments-connect.example');
    const elsewhere = await send(page, 'listRfiCases');
    expect(elsewhere.body).toContain('only to a server on this machine');
    await page.locator('#try-it-server').fill(mock.url);
  });

  // The same console, now pointed at the emulator: one page load fewer (some two CPU-seconds). No test above types
  // in the credentials, so the console still holds those it starts with.
  describe('then against the emulator (startEmulator on 127.0.0.1)', () => {
    /** @type {Awaited<ReturnType<typeof startEmulator>>} */
    let emulator;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      await page.locator('#try-it-server').fill(emulator.url);
    });
    afterAll(() => emulator?.stop());

    const seedCasesTitle =
      'gets a token with the credentials the console starts with, and lists the seed account’s RFI cases';
    it(seedCasesTitle, async () => {
      expect(model.credentials).toEqual(emulator.credentials);
      const { status, body } = await send(page, 'listRfiCases');
      expect(status.split('\n')[1]).toMatch(/^200 OK/);
      expect(JSON.parse(body)).toBeDefined();
      expect(await page.locator('#try-it-token-status').textContent()).toContain(`Token from ${emulator.url}`);
    });

    it('shows why there is no token when the secret is wrong, and sends the credentials typed', async () => {
      await page.locator('#try-it-operation').selectOption('createAccessToken');
      await page.locator('#try-it-client-secret').fill('not-the-secret');
      expect(JSON.parse(await page.locator('#try-it-body').inputValue())).toEqual({
        clientId: emulator.credentials.clientId,
        clientSecret: 'not-the-secret',
      });
      await page.locator('#try-it-get-token').click();
      await expect
        .poll(() => page.locator('#try-it-token-status').textContent(), { timeout: ANSWER_TIMEOUT_MS })
        .toBe('No token: the token exchange answered 401.');
      expect(await page.locator('#try-it-response-body').textContent()).toContain('401');
      expect(browser.leftMachine).toEqual([]);
    });
  });

  it('made no request that left the machine, and the page policy refused nothing', async () => {
    expect(browser.leftMachine).toEqual([]);
    expect(await browser.policyViolations()).toEqual([]);
  });
});

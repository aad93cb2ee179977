// The checks every way of opening the rendered reference must pass. Registered inside the describe that opened the
// page, so a test file that already has the page open (page-layout.test.js on the laptop, offline from disk) runs
// them on that page instead of loading it once more, some two CPU-seconds a load.

import { loadContract } from '@payments-connect/contract';
import { expect, it } from 'vitest';
import { CURL_LABEL, TYPESCRIPT_LABEL } from '../src/code-samples.js';
import { FLAGS } from '../src/flags.js';
import { OVERVIEW_TITLE, sectionAnchor, USAGE_TITLE } from '../src/overview.js';
import { SAMPLE_LANGUAGE_KEY } from '../src/sample-language-choice.js';
import { SAMPLE_LANGUAGES } from '../src/sample-languages.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';

/**
 * @typedef {import('@payments-connect/browser-probe/guarded-browser').GuardedBrowser} GuardedBrowser
 */

/** The operation of the screenshot artifacts and of the multipart sample checks: the sandbox-only logo upload. */
export const SCREENSHOT_OPERATION = 'uploadPaymentRequestPreviewLogo';

const contract = loadContract();
const spec = contract.document;
/** The Operation Objects the page shows: the calls, then the webhooks. @type {any[]} */
const operations = [...contract.operations, ...contract.webhooks].map(({ operation }) => operation);
const callable = contract.operations;

/** The last operation the page shows: Redoc renders in order, so once it is there, every one is. */
export const LAST_OPERATION_ID = operations.at(-1).operationId;

/**
 * Registers the tests of the rendered reference in the current describe. They read the page, and leave it as they
 * found it where they change it (a sample tab chosen, the search box cleared), so other tests may share the page.
 * @param {() => GuardedBrowser} opened the browser with the reference open, once the describe's beforeAll has run
 */
export function itShowsTheRenderedReference(opened) {
  const page = () => opened().page;

  it('shows every operation of the spec, by operationId and summary', async () => {
    const text = await page().locator('#redoc').innerText();
    for (const { operationId, summary } of operations) {
      expect(await page().locator(`[data-section-id="operation/${operationId}"]`).count(), operationId).toBeGreaterThan(
        0,
      );
      expect(text, operationId).toContain(summary);
    }
  });

  it('renders a tab for each sample language on every operation', async () => {
    const tabs = page().locator('[role="tab"]');
    for (const { label } of SAMPLE_LANGUAGES) {
      expect(await tabs.filter({ hasText: new RegExp(`^${label}$`) }).count(), label).toBe(callable.length);
    }
  });

  it('remembers the sample language a reader chooses: every operation shows it, and the next visit', async () => {
    const chosen = () =>
      page().evaluate(() =>
        [...document.querySelectorAll('#redoc [role="tab"][aria-selected="true"]')].map((tab) => tab.textContent),
      );
    const section = page().locator('[data-section-id="operation/getRfiCase"]').last();
    await section.locator('[role="tab"]', { hasText: /^Python$/ }).click();
    await expect.poll(async () => (await chosen()).filter((label) => label === 'Python').length).toBe(callable.length);
    expect(await page().evaluate((key) => localStorage.getItem(key), SAMPLE_LANGUAGE_KEY)).toBe('Python');
    await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
    await expect
      .poll(async () => (await chosen()).filter((label) => label === TYPESCRIPT_LABEL).length)
      .toBe(callable.length);
  });

  it('lands a link to an operation on it, #operation/<operationId> as the Changes section writes it', async () => {
    const top = (/** @type {string} */ id) =>
      page().evaluate(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1,
        `[data-section-id="operation/${id}"]`,
      );
    await page().evaluate(() => {
      location.hash = '#operation/updatePayer';
    });
    await expect.poll(() => top('updatePayer')).toBeGreaterThanOrEqual(0);
    expect(await top('updatePayer')).toBeLessThan(120);
    await page().evaluate(() => {
      history.replaceState(null, '', location.pathname);
      window.scrollTo(0, 0);
    });
  });

  it('shows the samples of the multipart upload: the client with a File, curl with --form', async () => {
    const section = page().locator(`[data-section-id="operation/${SCREENSHOT_OPERATION}"]`).last();
    await section.locator('[role="tab"]', { hasText: new RegExp(`^${CURL_LABEL}$`) }).click();
    await expect.poll(() => section.innerText()).toContain("--form 'logo=@logo.svg;type=image/svg+xml'");
    expect(await section.innerText()).toContain('Authorization: Bearer $PAYMENTS_CONNECT_TOKEN');
    await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
    await expect.poll(() => section.innerText()).toContain('createPaymentsConnectClient');
    expect(await section.innerText()).toContain('body: { logo: logoFile }');
  });

  it('badges every sandbox-only and designed-here operation', async () => {
    for (const flag of FLAGS) {
      const flagged = operations.filter((operation) => operation[flag.extension] === true);
      expect(flagged.length, flag.extension).toBeGreaterThan(0);
      for (const { operationId } of flagged) {
        const heading = page().locator(`[data-section-id="operation/${operationId}"] h2`).last();
        expect(await heading.innerText(), `${operationId} ${flag.extension}`).toContain(flag.badge.name);
      }
    }
  });

  it('explains the badge of what this contract designed in words a consumer acts on', async () => {
    const designed = FLAGS.find(({ extension }) => extension === 'x-designed-here');
    const section = page().locator('[data-section-id="operation/answerRfiQuestion"]').last();
    expect(await section.locator('h2').innerText()).toContain('Unconfirmed');
    const text = await section.innerText();
    expect(text).toContain('Unconfirmed (designed here): interface v1.0 does not show this, so this contract designed');
    expect(text).toContain('confirm it on the sandbox before you rely on it');
    expect(designed?.badge.name).toBe('Unconfirmed');
  });

  it("says in each sample that its URL is a placeholder, and what to put there: the client's baseUrl", async () => {
    const section = page().locator('[data-section-id="operation/getRfiCase"]').last();
    await section.locator('[role="tab"]', { hasText: new RegExp(`^${CURL_LABEL}$`) }).click();
    await expect.poll(() => section.innerText()).toContain(`# ${SAMPLE_SERVER_NOTES.placeholder}`);
    await section.locator('[role="tab"]', { hasText: new RegExp(`^${TYPESCRIPT_LABEL}$`) }).click();
    await expect.poll(() => section.innerText()).toContain(`// ${SAMPLE_SERVER_NOTES.placeholder}`);
    expect(await section.innerText()).toContain("baseUrl: 'https://sandbox.api.payments-connect.example',");
  });

  it('shows servers, token exchange, error envelope, 409 variants, retry table and flag lists', async () => {
    const sections = [
      sectionAnchor(OVERVIEW_TITLE, 'Errors'),
      ...['Servers', 'Calling the API', 'Error envelope', 'RFI 409 variants', ...FLAGS.map((flag) => flag.title)].map(
        (title) => sectionAnchor(USAGE_TITLE, title),
      ),
    ];
    for (const id of sections) expect(await page().locator(`[data-section-id="${id}"]`).count(), id).toBeGreaterThan(0);
    const text = await page().locator('#redoc').innerText();
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
    await page().locator('input[placeholder="Search..."]').fill('preview logo');
    await expect.poll(() => page().locator('[data-role="search:results"]').innerText()).toContain(summary);
    await page().locator('input[placeholder="Search..."]').fill('');
  });

  it('links only to sections that exist', async () => {
    const targets = await page().$$eval('#redoc a[href^="#"]', (links) => [
      ...new Set(links.map((link) => (link.getAttribute('href') ?? '#').slice(1))),
    ]);
    const ids = new Set(
      await page().$$eval('[data-section-id]', (nodes) => nodes.map((node) => node.getAttribute('data-section-id'))),
    );
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
  });
}

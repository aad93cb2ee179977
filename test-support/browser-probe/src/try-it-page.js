// Driving the "Try it" console of an open page: open it, send an operation, read what it shows.

import { errors } from 'playwright-core';
import { expect } from 'vitest';

/**
 * @typedef {import('playwright-core').Page} Page
 */

/**
 * How long a page may take to render. Redoc lays out the whole reference in about two seconds of CPU; a CI machine
 * running every test job at once on two cores has been seen to need far more, so the wait is long and a miss says why.
 */
const RENDER_TIMEOUT_MS = 120_000;
/** How long the console may take to show an answer. */
export const ANSWER_TIMEOUT_MS = 10_000;
/**
 * What the console shows once a request is done: the request line and the status (of the token exchange when it
 * gave no token), or why it was not sent.
 */
export const ANSWERED = /^(?:(?:No token: )?[A-Z]+ \S+\n(\d{3}) [^\n]* in \d+ ms|Not sent)$/;

/**
 * Opens the page at an address, waits until it has rendered, and opens the console from the bar.
 * @param {Page} page
 * @param {string} url
 */
export async function openConsole(page, url) {
  await openRendered(page, url);
  await openConsoleFromBar(page);
}

/**
 * Opens the page at an address and waits until it has rendered (`html[data-rendered]`, set once Redoc is done). A
 * page that does not render fails with what the page itself reported meanwhile: a crash of its renderer, an uncaught
 * error, a console error; a bare timeout would hide which.
 * @param {Page} page
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options] how long it may take (120 s by default)
 */
export async function openRendered(page, url, { timeoutMs = RENDER_TIMEOUT_MS } = {}) {
  /** @type {string[]} */
  const reported = [];
  const onCrash = () => reported.push('its renderer crashed');
  /** @param {Error} error */
  const onPageError = (error) => reported.push(`it threw ${error.message}`);
  /** @param {import('playwright-core').ConsoleMessage} message */
  const onConsole = (message) => {
    if (message.type() === 'error') reported.push(`its console said ${message.text()}`);
  };
  page.on('crash', onCrash);
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  try {
    await page.goto(url);
    await page.locator('html[data-rendered]').waitFor({ state: 'attached', timeout: timeoutMs });
  } catch (error) {
    const seen = reported.length > 0 ? reported.join('; ') : 'no crash, uncaught error or console error';
    throw new Error(`${url} did not render (${seen})`, { cause: error });
  } finally {
    page.off('crash', onCrash);
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
  }
}

/**
 * Opens the console from the bar of a page already rendered, and waits until it knows what the server in its field
 * makes of `Prefer` (it asks that server's `/_docs` as it opens).
 * @param {Page} page
 */
export async function openConsoleFromBar(page) {
  await page.locator('.pc-bar [data-try-it-open]').click();
  await page.locator('#try-it').waitFor({ state: 'visible' });
  await preferSettled(page);
}

/**
 * What the console makes of `Prefer` on the server in its field, once it has asked: `honoured` (the field offered,
 * with what the server takes), `ignored` (no field: the server serves the page and honours none), `unknown` (it could
 * not ask; the field is offered with a word of caution).
 * @param {Page} page
 * @returns {Promise<string>}
 */
export async function preferSettled(page) {
  const dialog = page.locator('#try-it[data-prefer]:not([data-prefer="asking"])');
  await dialog.waitFor({ state: 'attached', timeout: ANSWER_TIMEOUT_MS });
  return (await dialog.getAttribute('data-prefer')) ?? '';
}

/**
 * Whether the console shows its answer: the response's status line inside the console's visible box and the
 * window, not below the fold.
 * @param {Page} page
 */
export function answerInView(page) {
  return page.evaluate(() => {
    const status = document.getElementById('try-it-response-status')?.getBoundingClientRect();
    const dialog = document.getElementById('try-it')?.getBoundingClientRect();
    if (!status || !dialog || status.height === 0) return false;
    const bottom = Math.min(dialog.bottom, window.innerHeight);
    return status.top >= Math.max(dialog.top, 0) && status.bottom <= bottom;
  });
}

/**
 * Picks an operation, sends it, and waits for the console to show the outcome.
 * @param {Page} page
 * @param {string} operationId
 * @param {{ keepFields?: boolean }} [options] `keepFields`: the operation is picked already and its fields filled in
 *   by the caller; picking it again would fill them with its first example anew
 * @returns {Promise<{ status: string, headers: Record<string, string>, body: string }>}
 */
export async function send(page, operationId, { keepFields = false } = {}) {
  if (!keepFields) await page.locator('#try-it-operation').selectOption(operationId);
  const status = page.locator('#try-it-response-status');
  await status.evaluate((node) => {
    node.textContent = '';
  });
  await page.locator('#try-it-send').click();
  // Watched inside the page, every frame; polling from here paid a round trip and an interval each time, a second or
  // two over the operations. Past the time limit the check below says what was shown.
  await page
    .waitForFunction(
      (answered) => new RegExp(answered).test(document.getElementById('try-it-response-status')?.textContent ?? ''),
      ANSWERED.source,
      { timeout: ANSWER_TIMEOUT_MS },
    )
    .catch((error) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
  const shown = {
    status: (await status.textContent()) ?? '',
    headers: await responseHeaders(page),
    body: (await page.locator('#try-it-response-body').textContent()) ?? '',
  };
  expect(shown.status, `${operationId}: ${shown.body}`).toMatch(ANSWERED);
  return shown;
}

/**
 * The response headers the console shows, by name as it shows them (lower case).
 * @param {Page} page
 * @returns {Promise<Record<string, string>>}
 */
export function responseHeaders(page) {
  return page.locator('#try-it-response-headers').evaluate((list) => {
    const names = [...list.querySelectorAll('dt')].map((term) => term.textContent ?? '');
    const values = [...list.querySelectorAll('dd')].map((value) => value.textContent ?? '');
    return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
  });
}

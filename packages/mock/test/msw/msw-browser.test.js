// The MSW handlers in a real browser, under a strict Content-Security-Policy: a page built with Vite from the README's
// browser recipe (test/readme-msw/browser-page.ts) and the page's scenario (browser-page/main.ts), served with
// `script-src 'self'` beside msw's worker script, opened once in the run's Chromium. No eval or new Function runs
// (the policy would refuse it, and the page records what it refuses), no request leaves the machine, and the page
// shows the mock's answers: the example with the id asked for, a refusal in the envelope, a configured answer, an
// override and one that breaks the contract, the journal. It prints the gzipped size of what the browser loaded.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openGuardedBrowser, staysOnMachine } from '@payments-connect/browser-probe/guarded-browser';
import { openRendered } from '@payments-connect/browser-probe/try-it-page';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The page's policy: scripts from its own origin only, so no eval, no new Function, no inline script. */
const POLICY = "script-src 'self'";
/** What the issue aims at: the whole page, gzipped, as the browser loaded it. */
const BUDGET_BYTES = 250 * 1024;
const PAGE = fileURLToPath(new URL('browser-page/', import.meta.url));
const WORKER_SCRIPT = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** @type {string} */
let outDir;
/** @type {import('node:http').Server} */
let site;
/** @type {Map<string, number>} each file the browser loaded, and its size gzipped */
const loaded = new Map();
/** @type {import('@payments-connect/browser-probe/guarded-browser').GuardedBrowser} */
let browser;
/** @type {any} */
let results;
/** @type {string[]} what the page's policy refused while the page ran */
let refusedByPolicy;
/** @type {{ url: string, fromServiceWorker: boolean }[]} the answers to the page's requests to another host */
const elsewhere = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'msw-page-'));
  await build({
    root: PAGE,
    logLevel: 'warn',
    // One chunk, its size checked gzipped below.
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2048 },
  });
  site = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    const file =
      path === '/mockServiceWorker.js' ? WORKER_SCRIPT : join(outDir, normalize(path === '/' ? '/index.html' : path));
    try {
      const body = await readFile(file);
      loaded.set(path, gzipSync(body).byteLength);
      const type = /** @type {Record<string, string>} */ (TYPES)[extname(file)] ?? 'application/octet-stream';
      response.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': POLICY });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Security-Policy': POLICY }).end();
    }
  });
  await new Promise((listening) => site.listen(0, '127.0.0.1', () => listening(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (site.address());
  browser = await openGuardedBrowser();
  browser.context.on('response', (response) => {
    if (!staysOnMachine(response.url()))
      elsewhere.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  await openRendered(browser.page, `http://127.0.0.1:${address.port}/`);
  results = JSON.parse((await browser.page.locator('#results').textContent()) ?? 'null');
  refusedByPolicy = await browser.policyViolations();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => (site ? site.close(closed) : closed(undefined)));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the MSW handlers under setupWorker, in Chromium, under script-src self', () => {
  it('run without anything the policy refuses, and nothing leaves the machine', async () => {
    expect(refusedByPolicy).toEqual([]);
    // The policy holds: a script the page makes at run time, from a string, is refused (so none of the page's ran).
    await browser.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.documentElement.dataset.inline = "ran"';
      document.head.append(script);
      // A string timer: code made from a string, as eval makes it.
      setTimeout('document.documentElement.dataset.timer = "ran"');
    });
    // Both refusals reported (the page's record of them, guarded-browser.js), within 10 s.
    await browser.page.waitForFunction(() => /** @type {any} */ (window).__policyViolations.length >= 2, null, {
      timeout: 10_000,
    });
    expect((await browser.policyViolations()).sort()).toEqual(['eval', 'inline']);
    expect(await browser.page.evaluate(() => ({ ...document.documentElement.dataset }))).toEqual({ rendered: 'true' });
    // The page's requests to the API are seen leaving the page (the guard records them), and each is answered by the
    // service worker; a request that went to the network would have been blocked, and answered by nobody.
    expect(elsewhere.length).toBeGreaterThan(5);
    expect(elsewhere.filter(({ fromServiceWorker }) => !fromServiceWorker)).toEqual([]);
    expect(browser.leftMachine.sort()).toEqual(elsewhere.map(({ url }) => url).sort());
    expect([...loaded.keys()]).toContain('/mockServiceWorker.js');
  });

  it('answer with the example, the id asked for in it, after the token exchange', () => {
    expect(results.read).toMatchObject({
      status: 200,
      servedExample: 'openCase',
      body: { rfiId: results.read.body.rfiId },
    });
    expect(results.read.body.rfiId).toBe('d3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11');
    expect(results.journal.slice(0, 2)).toEqual([
      { operationId: 'createAccessToken', status: 200, notes: [] },
      expect.objectContaining({ operationId: 'getRfiCase', status: 200 }),
    ]);
  });

  it('refuse in the envelope, answer as configured, and as overridden', () => {
    expect(results.refused).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'header AccountId is required' },
    });
    expect(results.configured).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(results.overridden.items[0]).toMatchObject({ status: 'CLOSED' });
  });

  it("refuse an override's answer that breaks the contract, a generated answer, a fixture that breaks it", () => {
    expect(results.brokenOverride.status).toBe(500);
    expect(results.brokenOverride.body.message).toContain('body rfiId (type): body/rfiId must be string');
    expect(results.dynamic.status).toBe(500);
    expect(results.dynamic.body.message).toContain('need Node');
    expect(results.fixture).toContain('rfiId (format): body/rfiId must match format "uuid"');
  });

  it('load at most 250 KB gzipped', () => {
    const total = [...loaded.values()].reduce((sum, size) => sum + size, 0);
    const files = [...loaded].map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} KB`).join(', ');
    console.log(`the MSW page loaded ${(total / 1024).toFixed(1)} KB gzipped: ${files}`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

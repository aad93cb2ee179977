// The emulator's /_docs in a real Chromium: the published reference, whose Try it console gets a token with the
// credentials it starts with (the emulator's), shows the WWW-Authenticate of a token the emulator no longer takes and
// gets a new one, and says why there is no token for a wrong secret. The checks every server shares are in
// test-support/browser-probe; the page opened from a file is the docs package's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describeServedReference } from '@payments-connect/browser-probe/served-reference-suite';
import { ANSWER_TIMEOUT_MS, send } from '@payments-connect/browser-probe/try-it-page';
import { expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** @type {import('../src/index.js').Emulator} */
let emulator;

describeServedReference(
  {
    name: 'emulator',
    start: async () => {
      emulator = await startEmulator({ port: 0 });
      return emulator;
    },
    bin: Object.keys(manifest.bin)[0] ?? '',
    publishedPage: createRequire(import.meta.url).resolve('@payments-connect/docs/index.html'),
    honoursPrefer: false,
    namesServedExample: false,
  },
  (opened) => {
    it("starts with the emulator's credentials and seed account, and lists that account's RFI cases", async () => {
      const { page } = opened();
      expect(await page.locator('#try-it-client-id').inputValue()).toBe(emulator.credentials.clientId);
      expect(await page.locator('#try-it-client-secret').inputValue()).toBe(emulator.credentials.clientSecret);
      expect(await page.locator('#try-it-account-id').inputValue()).toBe(emulator.accounts.primary?.accountId);
      const { status, body } = await send(page, 'listRfiCases');
      expect(status.split('\n')[1]).toMatch(/^200 OK/);
      expect(JSON.parse(body).items.length).toBeGreaterThan(0);
    });

    it('shows the WWW-Authenticate of a token the emulator no longer takes, and gets a new one next', async () => {
      const { page } = opened();
      emulator.control.expireTokens();
      const refused = await send(page, 'listRfiCases');
      expect(refused.status.split('\n')[1]).toMatch(/^401 Unauthorized/);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(await page.locator('#try-it-token-status').textContent()).toBe(
        'The token was refused (401): the next request gets a new one.',
      );
      const again = await send(page, 'listRfiCases');
      expect(again.status.split('\n')[1]).toMatch(/^200 OK/);
      expect(await page.locator('#try-it-token-status').textContent()).toMatch(`Token from ${emulator.url}`);
    });

    it('says why there is no token when the secret is wrong, and sends the credentials typed', async () => {
      const { page, sent } = opened();
      /** @type {string[]} */
      const bodies = [];
      page.on('request', (request) => {
        if (request.url() === `${emulator.url}/auth/token`) bodies.push(request.postData() ?? '');
      });
      const secret = page.locator('#try-it-client-secret');
      await secret.fill('not-the-secret');
      try {
        await page.locator('#try-it-get-token').click();
        await expect
          .poll(() => page.locator('#try-it-token-status').textContent(), { timeout: ANSWER_TIMEOUT_MS })
          .toBe('No token: the token exchange answered 401.');
        expect(await page.locator('#try-it-response-status').textContent()).toMatch(
          `No token: POST ${emulator.url}/auth/token\n401 Unauthorized in`,
        );
        expect(await page.locator('#try-it-response-body').textContent()).toContain('not recognised');
        expect(bodies.map((body) => JSON.parse(body))).toEqual([
          { clientId: emulator.credentials.clientId, clientSecret: 'not-the-secret' },
        ]);
        expect(sent.at(-1)).toEqual({ method: 'POST', url: `${emulator.url}/auth/token` });
      } finally {
        await secret.fill(emulator.credentials.clientSecret);
      }
    });
  },
);

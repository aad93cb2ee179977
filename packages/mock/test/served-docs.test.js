// The mock's /_docs in a real Chromium: the published reference, whose Try it console sends on the page's own origin
// every operation of the spec with its examples, the answer Prefer asks for, and the headers an answer carries. The
// checks every server shares are in test-support/browser-probe; the page opened from a file is the docs package's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describeServedReference } from '@payments-connect/browser-probe/served-reference-suite';
import { ANSWERED, send } from '@payments-connect/browser-probe/try-it-page';
import { loadContract } from '@payments-connect/contract';
import { expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const contract = loadContract();
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describeServedReference(
  {
    name: 'mock',
    start: () => startMock(),
    bin: Object.keys(manifest.bin)[0] ?? '',
    publishedPage: createRequire(import.meta.url).resolve('@payments-connect/docs/index.html'),
    honoursPrefer: true,
    namesServedExample: true,
  },
  (opened) => {
    it('sends every operation of the spec, with its examples, and shows the answer the mock gives', async () => {
      /** @type {string[]} */
      const notOk = [];
      for (const { operationId } of contract.operations) {
        const { status, body } = await send(opened().page, operationId);
        const code = Number(ANSWERED.exec(status)?.[1]);
        if (!(code >= 200 && code < 300)) notOk.push(`${operationId}: ${status} ${body}`);
      }
      expect(notOk).toEqual([]);
      expect(contract.operations.length).toBeGreaterThan(20);
    });

    it('shows an error answer as the mock gives it (Prefer: code=404)', async () => {
      const { page } = opened();
      await page.locator('#try-it-prefer').fill('code=404');
      const { status, body } = await send(page, 'getRfiCase');
      await page.locator('#try-it-prefer').fill('');
      expect(status.split('\n')[1]).toMatch(/^404 Not Found in/);
      expect(JSON.parse(body)).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('shows the headers the answer carries: the Retry-After of a 429 (Prefer: code=429)', async () => {
      const { page } = opened();
      await page.locator('#try-it-prefer').fill('code=429');
      const { status, headers } = await send(page, 'listRfiCases');
      await page.locator('#try-it-prefer').fill('');
      expect(status.split('\n')[1]).toMatch(/^429 Too Many Requests in/);
      expect(headers).toMatchObject({
        'retry-after': expect.stringMatching(/^\d+$/),
        'content-type': 'application/json',
      });
    });
  },
);

// The seed's ids and the default credentials come from the examples of the contract an emulator serves: the bundled
// spec's are the exported constants (SEED_IDS, ACCOUNT_IDS, DEFAULT_CREDENTIALS), and another spec's examples seed
// another emulator. The RFI statuses are spelled in one module of the model only.
import { readdirSync, readFileSync } from 'node:fs';
import { createContract, loadBundledDocument, loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { exampleSeed } from '../src/example-fixtures.js';
import { ACCOUNT_IDS, DEFAULT_CREDENTIALS, SEED_IDS, startEmulator } from '../src/index.js';
import { RFI_CASE_STATUSES } from '../src/model/rfi-cases.js';
import * as seed from '../src/seed.js';

describe('the seed ids', () => {
  it("are the bundled spec's examples: the exported constants are what the contract gives", () => {
    expect(exampleSeed(loadContract())).toMatchObject({
      accountIds: ACCOUNT_IDS,
      ids: SEED_IDS,
      credentials: DEFAULT_CREDENTIALS,
    });
  });

  it("follow the examples of the spec an emulator serves, its credentials the spec's token example's", async () => {
    const [openRfiId, secret] = ['2f0c3e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'another-example-secret'];
    const text = JSON.stringify(loadBundledDocument())
      .replaceAll(SEED_IDS.openRfiId, openRfiId)
      .replaceAll(DEFAULT_CREDENTIALS.clientSecret, secret);
    const spec = JSON.parse(text);
    expect(exampleSeed(createContract(spec)).ids.openRfiId).toBe(openRfiId);
    const emulator = await startEmulator({ spec });
    try {
      expect(emulator.fixtures.openRfiId).toBe(openRfiId);
      expect(emulator.credentials).toEqual({ ...DEFAULT_CREDENTIALS, clientSecret: secret });
      const token = await fetch(`${emulator.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(emulator.credentials),
      }).then((response) => response.json());
      const read = await fetch(`${emulator.url}/v1/rfi/${openRfiId}`, {
        headers: { authorization: `Bearer ${token.access_token}`, AccountId: ACCOUNT_IDS.primary },
      });
      expect((await read.json()).rfiId).toBe(openRfiId);
    } finally {
      await emulator.stop();
    }
  });
});

describe('the RFI statuses', () => {
  it('are spelled in the model of the RFI case alone; the seed exports none', () => {
    const quoted = new RegExp(`['"\`](${RFI_CASE_STATUSES.join('|')})['"\`]`);
    const folder = new URL('../src/', import.meta.url);
    const modules = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    // In code, not in comments: a comment may name a status as the documents do.
    const code = (/** @type {string} */ file) =>
      readFileSync(new URL(file, folder), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
    const spelling = modules.filter((file) => quoted.test(code(file)));
    expect(spelling).toEqual(['model/rfi-cases.js']);
    expect(Object.keys(seed).filter((name) => /STATUS/.test(name))).toEqual([]);
  });
});

// The package as another team loads it, with require() and with import, in a process of its own.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, SEED_IDS } from '../src/index.js';

const run = promisify(execFile);

/** @param {string} consumer */
async function runConsumer(consumer) {
  const { stdout } = await run(process.execPath, [fileURLToPath(new URL(`consumers/${consumer}`, import.meta.url))]);
  return JSON.parse(stdout);
}

/** A consumer process starts the emulator in a few hundred ms; a busy CI machine may take many times that. */
const CONSUMER_TIMEOUT_MS = 30_000;

describe('@payments-connect/emulator loaded by name in a consumer process', { timeout: CONSUMER_TIMEOUT_MS }, () => {
  it('consumer.cjs: require() starts the emulator, which issues a token and lists the seeded cases', async () => {
    const { token, list, body, tenantAccount, listed } = await runConsumer('consumer.cjs');
    expect([token, list]).toEqual([200, 200]);
    expect(body.items.map((/** @type {{ rfiId: string }} */ c) => c.rfiId)).toContain(SEED_IDS.openRfiId);
    // connectEmulator through require(): a tenant of its own, and the journal of what was sent.
    expect(tenantAccount).not.toBe(ACCOUNT_IDS.primary);
    expect(listed).toEqual([200]);
  });

  it('consumer.mjs: import does the same; wrong credentials get the 401 envelope', async () => {
    const { status, body, env } = await runConsumer('consumer.mjs');
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(env.PAYMENTS_CONNECT_OPEN_RFI_ID).toBe(SEED_IDS.openRfiId);
  });

  it("from-code.mjs: the README's example, shown as it is, starts one, lists the open cases and stops it", async () => {
    const file = new URL('consumers/from-code.mjs', import.meta.url);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`js\n${readFileSync(file, 'utf8')}\`\`\``);
    const { stdout } = await run(process.execPath, [fileURLToPath(file)]);
    const listed = JSON.parse(stdout).items.map((/** @type {{ rfiId: string }} */ rfi) => rfi.rfiId);
    expect(listed).toContain(SEED_IDS.openRfiId);
    expect(listed).not.toContain(SEED_IDS.closedRfiId);
  });
});

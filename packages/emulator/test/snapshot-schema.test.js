// The snapshot format as the JSON Schema the package publishes: a stock validator (plain Ajv, none of the emulator's
// code) takes every shipped snapshot and a snapshot of tenants, and refuses a broken one; the schema names what the
// emulator's code names (statuses, event types, fixtures), and the package exports it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  SEED_IDS,
  SHIPPED_SNAPSHOTS,
  STATE_FORMAT,
  STATE_FORMAT_VERSION,
  startEmulator,
} from '../src/index.js';
import { RFI_CASE_STATUSES } from '../src/model/rfi-cases.js';

const require = createRequire(import.meta.url);
const schemaFile = require.resolve('@payments-connect/emulator/snapshot.schema.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
// Stock: Ajv as its documentation sets it up for JSON Schema 2020-12, with its formats; no keyword of the emulator's.
const ajv = new Ajv2020({ allErrors: true });
/** @type {any} */ (addFormats)(ajv);
const validate = ajv.compile(schema);
/** @param {unknown} snapshot */
const problems = (snapshot) =>
  validate(snapshot) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

describe('snapshot.schema.json', () => {
  it.each(Object.entries(SHIPPED_SNAPSHOTS))('holds the shipped snapshot %s', (_, { file }) => {
    expect(problems(JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('holds a snapshot of the whole emulator with tenants, and one of a tenant alone', async () => {
    const emulator = await startEmulator();
    try {
      const tenant = emulator.control.createTenant({ webhookUrl: 'http://127.0.0.1:9/hooks' });
      emulator.control.createRfiCase({ accountId: tenant.accounts.primary.accountId });
      emulator.control.injectFault({
        operationId: 'getRfiCase',
        status: 500,
        accountId: tenant.accounts.other.accountId,
      });
      emulator.control.advanceTenantClock(tenant.tenantId, 60);
      expect(problems(await emulator.control.state())).toEqual([]);
      expect(problems(await emulator.control.tenantState(tenant.tenantId))).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });

  it('refuses a broken snapshot, saying where', () => {
    const snapshot = JSON.parse(readFileSync(SHIPPED_SNAPSHOTS.itemApproved.file, 'utf8'));
    snapshot.records.rfiCases[0].record.status = 'NEW';
    snapshot.tokens.push({ token: 'abc', tenantId: 'default', expiresAt: '2025-02-30T09:00:00.000Z' });
    delete snapshot.faults;
    expect(problems(snapshot)).toEqual(
      expect.arrayContaining([
        " must have required property 'faults'",
        '/records/rfiCases/0/record/status must be equal to one of the allowed values',
        expect.stringMatching(/^\/tokens\/\d+\/token must match pattern/),
        expect.stringMatching(/^\/tokens\/\d+\/expiresAt must match format "date-time"/),
      ]),
    );
  });

  it("names what the emulator's code names: the format, its version, the statuses, event types and fixtures", () => {
    const { properties, $defs } = schema;
    expect(properties.header.properties.format.const).toBe(STATE_FORMAT);
    expect(properties.header.properties.version.const).toBe(STATE_FORMAT_VERSION);
    const rfiCase = properties.records.properties.rfiCases.items.properties.record;
    expect(rfiCase.properties.status.enum).toEqual(RFI_CASE_STATUSES);
    expect(properties.events.items.properties.event.properties.type.enum).toEqual(Object.values(EVENT_TYPES));
    expect($defs.tenant.properties.fixtures.required).toEqual(Object.keys(SEED_IDS));
  });

  it('is published: exported by the package and in its files', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.exports['./snapshot.schema.json']).toBe('./src/snapshot/snapshot.schema.json');
    expect(manifest.files).toContain('src');
  });
});

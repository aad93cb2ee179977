// The snapshot format as the JSON Schema the package publishes, made from the spec at build (as here, in process): a
// stock validator (plain Ajv, none of the emulator's code) takes every shipped snapshot and a snapshot of tenants, and
// refuses a broken one; the records are held to the spec's schemas, so that the schema follows a change of the spec;
// the schema names what the emulator's code names (statuses, event types, fixtures), and the package publishes it.
import { readFileSync } from 'node:fs';
import { loadBundledDocument } from '@payments-connect/contract';
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
import { snapshotSchema } from '../src/snapshot/snapshot-schema.js';
import { COLLECTIONS, RECORD_SCHEMAS } from '../src/store.js';

const document = loadBundledDocument();
/** @param {object} schema a validator of it as a stock Ajv makes one, with its formats, no keyword of the emulator's */
const stockValidator = (schema) => {
  const ajv = new Ajv2020({ allErrors: true });
  /** @type {any} */ (addFormats)(ajv);
  const validate = ajv.compile(schema);
  /** @param {unknown} snapshot */
  return (snapshot) => (validate(snapshot) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
};
const schema = snapshotSchema(document);
const problems = stockValidator(schema);

describe('the snapshot schema', () => {
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

  it("holds the records to the spec's schemas: a property the spec comes to require, a snapshot must hold", () => {
    const records = schema.properties.records.properties;
    for (const name of COLLECTIONS)
      expect(records[name].items.properties.record.allOf).toEqual([{ $ref: `#/$defs/${RECORD_SCHEMAS[name]}` }]);
    expect(schema.$defs.RfiCase.required).toEqual(document.components.schemas.RfiCase.required);
    // The spec changed: a case now has a required property (one of this test's, the spec has none of that name). The
    // schema made from it says so; nothing else changed.
    const changed = structuredClone(document);
    const rfiCase = changed.components.schemas.RfiCase;
    expect(rfiCase.properties.reviewedInTest).toBeUndefined();
    rfiCase.properties.reviewedInTest = { type: 'string', format: 'date-time', description: 'When it was reviewed.' };
    rfiCase.required.push('reviewedInTest');
    const followed = snapshotSchema(changed);
    expect(followed.$defs.RfiCase.properties.reviewedInTest).toEqual({ type: 'string', format: 'date-time' });
    const heldToChanged = stockValidator(followed);
    const snapshot = JSON.parse(readFileSync(SHIPPED_SNAPSHOTS.itemApproved.file, 'utf8'));
    expect(heldToChanged(snapshot)).toEqual(
      expect.arrayContaining(["/records/rfiCases/0/record must have required property 'reviewedInTest'"]),
    );
    for (const { record } of snapshot.records.rfiCases) record.reviewedInTest = '2025-05-12T09:30:00.000Z';
    expect(heldToChanged(snapshot)).toEqual([]);
  });

  it('is published: built into dist from the spec, exported by the package and in its files', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.exports['./snapshot.schema.json']).toBe('./dist/snapshot.schema.json');
    expect(manifest.scripts.build).toContain('node scripts/write-snapshot-schema.js');
    expect(manifest.files).toContain('dist');
  });
});

// A consumer's real journal: the mock, on 127.0.0.1, journals a service's calls with `journal.file` (what
// `--journal FILE` does), and the gate reads that file and names the consumer for the changes of a revision of the
// bundled spec that break the calls it made, and not for those it does not touch.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundledDocument } from '@payments-connect/contract';
import { startMock } from '@payments-connect/mock';
import { compareSpecs } from '@payments-connect/release-tools/compare-specs';
import { assessConsumerImpact } from '@payments-connect/release-tools/consumer-impact';
import { readConsumerRecordings } from '@payments-connect/release-tools/consumer-recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

let dir = '';
/** @type {string[]} */
let lines = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'consumer-journal-'));
  await mkdir(join(dir, 'journals'));
  const mock = await startMock({ journal: { file: join(dir, 'journals/billing-service.jsonl') } });
  try {
    const headers = { Authorization: 'Bearer billing', AccountId: ACCOUNT };
    for (const path of ['/v1/rfi?includeTerminal=true', `/v1/rfi/${RFI}`]) {
      const answer = await fetch(`${mock.url}${path}`, { headers });
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
    }
  } finally {
    await mock.stop();
  }
  lines = (await readFile(join(dir, 'journals/billing-service.jsonl'), 'utf8')).trim().split('\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a journal the mock wrote, judged by the gate', () => {
  it('names the consumer for the changes its calls touch, and for no other', async () => {
    expect(lines).toHaveLength(2);
    const before = loadBundledDocument();
    const after = structuredClone(before);
    delete after.paths['/v1/rfi/{rfiId}'].get; // the consumer reads a case
    // It asks for terminal cases, which the revision refuses; it sends the parameter, so its default does not apply.
    const includeTerminal = after.paths['/v1/rfi'].get.parameters.find(
      (/** @type {{ name: string }} */ parameter) => parameter.name === 'includeTerminal',
    );
    includeTerminal.schema = { type: 'boolean', const: false };
    delete after.paths['/v1/account/business-profile']; // it never calls this
    const changes = compareSpecs(before, after);
    const recordings = await readConsumerRecordings(join(dir, 'journals'));
    expect(recordings.problems).toEqual([]);
    const impact = await assessConsumerImpact({ before, after, changes, ...recordings });
    const byLocation = Object.fromEntries(
      impact.changes.map((c) => [c.change.location, { breaks: c.breaks, exercises: c.exercises }]),
    );
    expect(Object.keys(byLocation).sort()).toEqual([
      'GET /v1/account/business-profile',
      'GET /v1/rfi > query parameter includeTerminal',
      'GET /v1/rfi > query parameter includeTerminal > default',
      'GET /v1/rfi/{rfiId}',
    ]);
    const billing = (/** @type {string} */ why) => [
      { consumer: 'billing-service', exchanges: 1, example: expect.objectContaining({ why }) },
    ];
    expect(byLocation['GET /v1/rfi/{rfiId}']).toEqual({
      breaks: billing(`request breaks the new spec: no operation at /v1/rfi/${RFI}`),
      exercises: [],
    });
    expect(byLocation['GET /v1/rfi > query parameter includeTerminal']).toEqual({
      breaks: billing('request breaks the new spec: query includeTerminal must be equal to constant false'),
      exercises: [],
    });
    expect(byLocation['GET /v1/rfi > query parameter includeTerminal > default']).toEqual({
      breaks: [],
      exercises: [],
    });
    expect(byLocation['GET /v1/account/business-profile']).toEqual({ breaks: [], exercises: [] });
    expect(impact.unexplained).toEqual([]);
    expect(impact.outside).toEqual([]);
  });
});

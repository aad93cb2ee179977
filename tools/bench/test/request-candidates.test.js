import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStubFetch } from '../src/clients/answer-exchange.js';
import { generateHeyApiClient } from '../src/clients/hey-api-client.js';
import { requestCandidates } from '../src/clients/request-candidates.js';
import { loadSampleExchange } from '../src/clients/sample-exchange.js';
import { startSubject } from '../src/servers/start-subject.js';

// Every client of the comparison must do the same work: fetch the RFI case and hand back its parsed body.
// A wiring mistake (a wrong path, a missing header, an error object taken for data) would time the wrong thing.
describe('request candidates', () => {
  const sample = loadSampleExchange();
  const tempDir = mkdtempSync(join(tmpdir(), 'bench-candidates-test-'));
  /** @type {import('../src/servers/start-subject.js').Subject} */
  let server;
  /** @type {import('../src/clients/request-candidates.js').RequestCandidate[]} */
  let candidates;

  beforeAll(async () => {
    server = await startSubject('bare');
    const heyApi = await generateHeyApiClient(tempDir);
    candidates = requestCandidates({ heyApiModule: heyApi.runtimeModule });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('answers the RFI case through the stubbed fetch, the token path with the token', async () => {
    const fetch = createStubFetch(sample);
    expect(await (await fetch(`http://stub.invalid${sample.path}`)).text()).toBe(sample.caseBody);
    expect(await (await fetch(new Request('http://stub.invalid/auth/token', { method: 'POST' }))).text()).toBe(
      sample.tokenBody,
    );
  });

  it.each(/** @type {const} */ (['stub', 'loopback']))(
    'each client answers the parsed RFI case over the %s transport',
    async (transport) => {
      const setup =
        transport === 'stub'
          ? { fetch: createStubFetch(sample), baseUrl: 'http://stub.invalid', sample }
          : { fetch: globalThis.fetch, baseUrl: server.baseUrl, sample };
      const answered = [];
      for (const candidate of candidates.filter((c) => c.transports.includes(transport))) {
        const call = await candidate.create(setup);
        expect(await call(), candidate.name).toEqual(JSON.parse(sample.caseBody));
        answered.push(candidate.name);
      }
      expect(answered).toHaveLength(transport === 'stub' ? 5 : 6);
    },
  );

  it('a candidate without its generated client fails at creation, not with a wrong answer', async () => {
    const [heyApi] = requestCandidates({}).filter((c) => c.name.startsWith('@hey-api'));
    await expect(
      heyApi.create({ fetch: createStubFetch(sample), baseUrl: 'http://stub.invalid', sample }),
    ).rejects.toThrow(/not generated/);
  });
});

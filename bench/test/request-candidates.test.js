import { describe, expect, it } from 'vitest';
import { createStubFetch } from '../src/clients/answer-exchange.js';
import { REQUEST_CANDIDATES } from '../src/clients/request-candidates.js';
import { loadSampleExchange } from '../src/clients/sample-exchange.js';

// Every client of the comparison must do the same work: fetch the RFI case and hand back its parsed body.
// A wiring mistake (a wrong path, a missing header, an error object taken for data) would time the wrong thing.
describe('request candidates', () => {
  const sample = loadSampleExchange();
  const fetch = createStubFetch(sample);

  it('answers the RFI case through the stubbed fetch, the token path with the token', async () => {
    expect(await (await fetch(`http://stub.invalid${sample.path}`)).text()).toBe(sample.caseBody);
    expect(await (await fetch(new Request('http://stub.invalid/auth/token', { method: 'POST' }))).text()).toBe(
      sample.tokenBody,
    );
  });

  it.each(REQUEST_CANDIDATES.map((candidate) => [candidate.name, candidate]))(
    '%s answers the parsed RFI case',
    async (_, candidate) => {
      const call = await candidate.create({ fetch, baseUrl: 'http://stub.invalid', sample });
      expect(await call()).toEqual(JSON.parse(sample.caseBody));
    },
  );
});

// The samples of a page served by a mock or an emulator call that server: the module the page runs before Redoc,
// applied here to the page the build wrote.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTML_FILE } from '../src/build-reference.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';
import { pointSamplesAt } from '../src/served-samples.js';
import { TEST_BUILD_DIR } from './built-reference.js';

const html = readFileSync(join(TEST_BUILD_DIR, HTML_FILE), 'utf8');
/** @param {string} id */
const inlined = (id) =>
  JSON.parse(new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(html)?.[1] ?? '');
const SERVER = 'http://127.0.0.1:54321';

/** @param {any} spec */
const samplesOf = (spec) =>
  Object.values(spec.paths).flatMap((pathItem) =>
    Object.values(/** @type {Record<string, any>} */ (pathItem)).flatMap((operation) =>
      (operation['x-codeSamples'] ?? []).map((/** @type {{ source: string }} */ sample) => sample.source),
    ),
  );

describe('pointSamplesAt', () => {
  const spec = inlined('openapi');
  const sampleServer = inlined('sample-server');
  const before = samplesOf(structuredClone(spec));
  const count = pointSamplesAt(spec, sampleServer, SERVER);
  const after = samplesOf(spec);

  it('knows what the build wrote: the sandbox placeholder URL and the notes', () => {
    expect(sampleServer).toEqual({
      urls: ['https://sandbox.api.payments-connect.example'],
      placeholder: SAMPLE_SERVER_NOTES.placeholder,
      served: SAMPLE_SERVER_NOTES.served,
    });
  });

  it('points every sample at the server, with the note that says so, and leaves no placeholder', () => {
    expect(count).toBe(before.length);
    for (const source of after) {
      expect(source).not.toContain(sampleServer.urls[0]);
      expect(source).not.toContain(SAMPLE_SERVER_NOTES.placeholder);
      expect(source).toContain(SAMPLE_SERVER_NOTES.served);
      expect(source).toMatch(new RegExp(`baseUrl: '${SERVER}',|PAYMENTS_CONNECT_BASE_URL[^\\n]*"${SERVER}"`));
    }
  });

  it("points the overview's token exchange at it too, and keeps the documented server URLs", () => {
    const { description } = spec.info;
    expect(description).toContain(`baseUrl: '${SERVER}',`);
    expect(description).toContain(`PAYMENTS_CONNECT_BASE_URL="\${PAYMENTS_CONNECT_BASE_URL:-"${SERVER}"}"`);
    expect(description).toContain('`https://sandbox.api.payments-connect.example` (template `{sandbox_base_url}`)');
    expect(spec.servers.map((/** @type {{ url: string }} */ server) => server.url)).toContain(sampleServer.urls[0]);
  });
});

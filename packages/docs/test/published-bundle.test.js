import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadPublishedBundle } from '../src/published-bundle.js';

const require = createRequire(import.meta.url);

describe('loadPublishedBundle', () => {
  it('is the YAML bundle @payments-connect/openapi publishes, every byte of it', () => {
    const published = readFileSync(require.resolve('@payments-connect/openapi/openapi.yaml'));
    const bundle = loadPublishedBundle();
    expect(bundle).toMatchObject({ fileName: 'openapi.yaml', mediaType: 'application/yaml', bytes: published.length });
    expect(Buffer.from(bundle.base64, 'base64').equals(published)).toBe(true);
    expect(published.toString('utf8')).toMatch(/^openapi: 3\.1\.0\n/);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, runRedocly } from './run-redocly.js';

const FIXTURE = join(PACKAGE_DIR, 'test', 'fixtures', 'keep-external-values');
const out = mkdtempSync(join(tmpdir(), 'keep-external-values-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * Bundles the fixture the way `pnpm bundle` bundles the spec, with or without the decorator's config.
 * @param {boolean} decorated
 */
async function bundle(decorated) {
  const output = join(out, decorated ? 'decorated.json' : 'plain.json');
  const config = join(FIXTURE, decorated ? 'redocly.yaml' : 'plain.yaml');
  const args = ['bundle', join(FIXTURE, 'openapi.yaml'), '-o', output, '--config', config];
  await runRedocly(args, FIXTURE);
  return JSON.parse(readFileSync(output, 'utf8'));
}

describe('payments-connect/keep-external-values', () => {
  it('keeps each relative externalValue, rebased to the bundle folder', async () => {
    const document = await bundle(true);
    const examples = document.paths['/uploads'].put.requestBody.content['multipart/form-data'].examples;
    expect(document.components.examples.Upload).toEqual({ summary: 'A file', externalValue: '../files/upload.bin' });
    expect(examples.inline).toEqual({ externalValue: '../files/upload.bin' });
  });

  it('is needed: without it the bundler reads the file into value as text', async () => {
    const document = await bundle(false);
    expect(document.components.examples.Upload.externalValue).toBeUndefined();
    expect(typeof document.components.examples.Upload.value).toBe('string');
  });
});

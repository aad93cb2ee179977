import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');
const FIXTURE = join(PACKAGE_DIR, 'test', 'fixtures', 'keep-external-values');
const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
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
  await promisify(execFile)(REDOCLY_BIN, args, { cwd: FIXTURE, env: { ...process.env, ...QUIET_ENV } });
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

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSpecVersionSync, readSpecVersions, syncSpecInfoVersion } from '../src/spec-version.js';

const FIXTURE_ROOT = new URL('./fixtures/spec-version/openapi.yaml', import.meta.url);

let specDir = '';

/**
 * A spec package in a temp folder: the fixture root document and a package.json at `version`.
 * @param {string} version
 */
async function specPackage(version) {
  await cp(FIXTURE_ROOT, join(specDir, 'openapi.yaml'));
  await writeFile(join(specDir, 'package.json'), JSON.stringify({ name: '@payments-connect/openapi', version }));
}

beforeEach(async () => {
  specDir = await mkdtemp(join(tmpdir(), 'spec-version-'));
});
afterEach(async () => {
  await rm(specDir, { recursive: true, force: true });
});

describe('checkSpecVersionSync', () => {
  it('passes when info.version equals the package version', async () => {
    await specPackage('1.0.0');
    const result = await checkSpecVersionSync(specDir);
    expect(result.ok).toBe(true);
  });

  it('fails when the package moved ahead of info.version (after `changeset version`)', async () => {
    await specPackage('1.1.0');
    const result = await checkSpecVersionSync(specDir);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('version 1.1.0 but info.version in spec/openapi.yaml is 1.0.0');
    expect(result.message).toContain('pnpm version-packages');
  });

  it('fails when info.version was edited ahead of the package', async () => {
    await specPackage('0.9.0');
    const result = await checkSpecVersionSync(specDir);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('version 0.9.0 but info.version in spec/openapi.yaml is 1.0.0');
  });
});

describe('syncSpecInfoVersion', () => {
  it('copies the package version into info.version and changes nothing else', async () => {
    await specPackage('2.0.0');
    const before = await readFile(join(specDir, 'openapi.yaml'), 'utf8');
    expect(await syncSpecInfoVersion(specDir)).toEqual({ changed: true, from: '1.0.0', to: '2.0.0' });
    const after = await readFile(join(specDir, 'openapi.yaml'), 'utf8');
    expect(after).toBe(before.replace('  version: 1.0.0   #', '  version: 2.0.0   #'));
    expect(await readSpecVersions(specDir)).toEqual({ packageVersion: '2.0.0', infoVersion: '2.0.0' });
    expect((await checkSpecVersionSync(specDir)).ok).toBe(true);
  });

  it('leaves an already synced file alone', async () => {
    await specPackage('1.0.0');
    expect(await syncSpecInfoVersion(specDir)).toEqual({ changed: false, from: '1.0.0', to: '1.0.0' });
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** The spec package's folder, where the build runs. */
const SPEC_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST_DIR = join(SPEC_DIR, 'dist');
const REDOCLY_BIN = join(SPEC_DIR, 'node_modules', '.bin', 'redocly');
/** Silences the CLI's telemetry and update check: tests stay offline and quiet. */
const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

describe('dist/ is the bundle of the current sources', () => {
  const freshDir = mkdtempSync(join(tmpdir(), 'payments-connect-bundle-'));
  afterAll(() => rmSync(freshDir, { recursive: true, force: true }));

  // The same command as the package's build script, run from the same folder (so it reads the same
  // redocly.yaml), writing elsewhere. Equal bytes prove the bundle is current and deterministic.
  it.each(['openapi.json', 'openapi.yaml'])('dist/%s equals a fresh bundle', async (file) => {
    await promisify(execFile)(REDOCLY_BIN, ['bundle', 'openapi.yaml', '--output', join(freshDir, file)], {
      cwd: SPEC_DIR,
      env: { ...process.env, ...QUIET_ENV },
    });
    const fresh = readFileSync(join(freshDir, file), 'utf8');
    const published = readFileSync(join(DIST_DIR, file), 'utf8');
    expect(fresh.length).toBeGreaterThan(0);
    expect(
      published === fresh,
      `dist/${file} differs from a fresh bundle: run pnpm --filter @payments-connect/openapi build`,
    ).toBe(true);
  });
});

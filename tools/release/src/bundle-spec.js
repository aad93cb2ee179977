import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { packageBin } from './package-bin.js';
import { SPEC_ROOT_FILE } from './release-constants.js';

const run = promisify(execFile);

/** Keeps Redocly from calling home: the gate runs offline in CI. */
const REDOCLY_QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/**
 * Bundles a split spec into one JSON document the way the spec package's build does (`redocly bundle`
 * run in the spec folder, so its own redocly.yaml applies) and returns it parsed.
 * @param {string} specDir folder holding openapi.yaml and redocly.yaml
 * @param {string} outFile where to write the bundle (.json)
 * @returns {Promise<any>}
 */
export async function bundleSpec(specDir, outFile) {
  await run(process.execPath, [packageBin('@redocly/cli', 'redocly'), 'bundle', SPEC_ROOT_FILE, '--output', outFile], {
    cwd: specDir,
    env: { ...process.env, ...REDOCLY_QUIET_ENV },
  });
  return JSON.parse(await readFile(outFile, 'utf8'));
}

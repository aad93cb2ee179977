import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** This package's folder: the tests' paths are relative to it. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');
/** Silences the CLI's telemetry and update check: tests stay offline and quiet. */
const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/**
 * Runs this package's Redocly CLI with `args`, offline and quiet; rejects as `execFile` does on a non-zero exit.
 * @param {string[]} args
 * @param {string} [cwd] this package's folder by default
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
export function runRedocly(args, cwd = PACKAGE_DIR) {
  return promisify(execFile)(REDOCLY_BIN, args, { cwd, env: { ...process.env, ...QUIET_ENV } });
}

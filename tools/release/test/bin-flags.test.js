// The release bins as processes, as an owner runs them: each runs its main (a wrong --root stops it in one line, exit
// 2, the usage after it). What each command line accepts is test/command-lines.test.js, in process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** @param {string} bin @param {string[]} args @returns {Promise<{ code: number, stdout: string, stderr: string }>} */
const run = (bin, args) =>
  new Promise((resolve) => {
    const file = fileURLToPath(new URL(`../bin/${bin}.js`, import.meta.url));
    execFile(process.execPath, [file, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

const empty = mkdtempSync(join(tmpdir(), 'release-bins-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('the release bins', () => {
  it.for(['spec-gate', 'check-spec-version', 'version-packages'])(
    '%s --root of a folder without spec/package.json: one line and the usage, exit 2',
    async (bin) => {
      const { code, stderr } = await run(bin, ['--root', empty]);
      expect(code).toBe(2);
      expect(stderr.split('\n')[0]).toBe(
        `payments-connect-${bin}: --root ${empty}: no spec/package.json there: give the root of this repository`,
      );
      expect(stderr).toContain(`usage: payments-connect-${bin} `);
    },
  );
});

// Whether a tier may leave the install out: only a workspace installed as its lockfile says, with no manifest
// touched since; a throwaway workspace on disk, its times set by hand.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installIsCurrent, workspaceFolders } from '../src/installed-workspace.js';

let root = '';
/** @param {string} file @param {string} text @param {number} [at] seconds since the epoch */
const write = (file, text, at = 1_000) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
  utimesSync(join(root, file), at, at);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'installed-workspace-'));
  write('pnpm-workspace.yaml', 'packages:\n  - spec\n  - packages/*\n\ncatalog:\n  vitest: 4.1.12\n');
  write('package.json', '{}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('spec/package.json', '{}');
  write('packages/mock/package.json', '{}');
  write('node_modules/.pnpm/lock.yaml', 'lockfileVersion: 9.0\n', 2_000);
  write('node_modules/.modules.yaml', 'layoutVersion: 5\n', 2_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('installIsCurrent', () => {
  it('is so for a workspace installed as its lockfile says, no manifest touched since', () => {
    expect(workspaceFolders(root)).toEqual(['spec', join('packages', 'mock')]);
    expect(installIsCurrent(root)).toBe(true);
  });

  it('is not when a manifest changed after the install, the lockfile differs, or nothing is installed', () => {
    write('packages/mock/package.json', '{ "dependencies": {} }', 3_000);
    expect(installIsCurrent(root)).toBe(false);
    write('packages/mock/package.json', '{}');
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\npackages: {}\n');
    expect(installIsCurrent(root)).toBe(false);
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
    write('pnpm-workspace.yaml', 'packages:\n  - spec\n', 3_000);
    expect(installIsCurrent(root)).toBe(false);
    rmSync(join(root, 'node_modules'), { recursive: true });
    expect(installIsCurrent(root)).toBe(false);
  });
});

#!/usr/bin/env node
// The last step of the spec package's build: what changed since the last release, by the gate's comparison, written
// beside the bundle as CHANGES.md (for consumers) and changes.json (for the rendered reference's "Changes" section).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataError, readFlags, runFailure } from '@payments-connect/contract/command-line';
import { changesMarkdown, readChangesBase, releaseChanges } from '../src/release-changes.js';
import { BUNDLED_SPEC_FILE, SPEC_DIR } from '../src/release-constants.js';

/** Where a changes base can also be named, for a build that runs through turbo. */
const BASE_VARIABLE = 'PAYMENTS_CONNECT_CHANGES_BASE';

const COMMAND = {
  name: 'payments-connect-release-changes',
  usage: `usage: payments-connect-release-changes [--root DIR] [--current FILE] [--base FILE|REF] [--out DIR]
  --root     repository root (default: this workspace)
  --current  the bundled spec described (default: spec/${BUNDLED_SPEC_FILE})
  --base     compare with this bundled spec file or git ref (default: $${BASE_VARIABLE}, else the last release
             before this version: its tag)
  --out      where CHANGES.md and changes.json go (default: spec/dist)
  -h, --help this help

Exit status: 0 when written, 1 when the bundled spec is missing, 2 for a usage error or a base that cannot be read.`,
};

const { values } = readFlags(COMMAND, {
  options: { root: { type: 'string' }, current: { type: 'string' }, base: { type: 'string' }, out: { type: 'string' } },
});
const root = resolve(values.root ?? fileURLToPath(new URL('../../..', import.meta.url)));
const currentFile = resolve(values.current ?? join(root, SPEC_DIR, BUNDLED_SPEC_FILE));
if (!existsSync(currentFile)) runFailure(COMMAND, `${currentFile} is missing: bundle the spec first`);
const current = JSON.parse(await readFile(currentFile, 'utf8'));
const version = String(current.info?.version);
const named = values.base ?? (process.env[BASE_VARIABLE] || undefined);
const base = await readChangesBase(root, version, named).catch((/** @type {Error} */ error) =>
  dataError(COMMAND, error.message),
);
const release = { version, base: base?.name ?? null, changes: base ? releaseChanges(base.spec, current) : [] };
const outDir = resolve(values.out ?? join(root, SPEC_DIR, 'dist'));
await mkdir(outDir, { recursive: true });
await writeFile(join(outDir, 'CHANGES.md'), changesMarkdown(release));
await writeFile(join(outDir, 'changes.json'), `${JSON.stringify(release, null, 2)}\n`);
const breaking = release.changes.filter(({ kind }) => kind === 'breaking').length;
console.log(
  base
    ? `release-changes: ${release.changes.length} change(s), ${breaking} breaking, since ${base.name}`
    : 'release-changes: no earlier release to compare with',
);

#!/usr/bin/env node
// `pnpm version-packages`: `changeset version` (bumps versions, writes changelogs, consumes changesets),
// then copies the spec package's new version into spec/openapi.yaml's info.version so they never drift.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '@payments-connect/contract/command-line';
import { packageBin } from '../src/package-bin.js';
import { SPEC_DIR, SPEC_ROOT_FILE } from '../src/release-constants.js';
import { syncSpecInfoVersion } from '../src/spec-version.js';

const COMMAND = {
  name: 'payments-connect-version-packages',
  usage: `usage: payments-connect-version-packages [--root DIR]
  --root       repository root (default: this workspace)
  -h, --help   this help`,
};

const { values } = readFlags(COMMAND, { options: { root: { type: 'string' } } });
const root = resolve(values.root ?? fileURLToPath(new URL('../../..', import.meta.url)));

execFileSync(process.execPath, [packageBin('@changesets/cli', 'changeset'), 'version'], {
  cwd: root,
  stdio: 'inherit',
});

const sync = await syncSpecInfoVersion(join(root, SPEC_DIR));
console.log(
  sync.changed
    ? `info.version in ${SPEC_DIR}/${SPEC_ROOT_FILE}: ${sync.from} -> ${sync.to}`
    : `info.version in ${SPEC_DIR}/${SPEC_ROOT_FILE} already ${sync.to}`,
);

#!/usr/bin/env node
// `pnpm version-packages`: `changeset version` (bumps versions, writes changelogs, consumes changesets),
// then copies the spec package's new version into spec/openapi.yaml's info.version so they never drift.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFlags, usageError } from '@payments-connect/contract/command-line';
import { runAsCommand } from '@payments-connect/repo-checks/command-line';
import { repositoryRoot } from '../src/command-inputs.js';
import { packageBin } from '../src/package-bin.js';
import { SPEC_DIR, SPEC_ROOT_FILE } from '../src/release-constants.js';
import { syncSpecInfoVersion } from '../src/spec-version.js';

const COMMAND = {
  name: 'payments-connect-version-packages',
  usage: `usage: payments-connect-version-packages [--root DIR]
  --root       repository root (default: this workspace)
  -h, --help   this help`,
};

/**
 * Versions the packages, as its command line asks; a `--root` that is not this repository's (no spec package, no
 * changesets' configuration) is refused before `changeset version` touches anything.
 * @param {string[]} args
 */
export async function main(args) {
  const { values } = readFlags(COMMAND, { args, options: { root: { type: 'string' } } });
  const root = repositoryRoot(COMMAND, values.root);
  if (!existsSync(join(root, '.changeset', 'config.json')))
    usageError(
      COMMAND,
      `${values.root === undefined ? root : `--root ${values.root}`}: no .changeset/config.json there`,
    );

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
}

await runAsCommand(import.meta.url, main);

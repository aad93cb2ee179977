#!/usr/bin/env node
// Fails when spec/openapi.yaml's info.version differs from the version of @payments-connect/openapi.
import { join } from 'node:path';
import { readFlags } from '@payments-connect/contract/command-line';
import { runAsCommand } from '@payments-connect/repo-checks/command-line';
import { repositoryRoot } from '../src/command-inputs.js';
import { SPEC_DIR } from '../src/release-constants.js';
import { checkSpecVersionSync } from '../src/spec-version.js';

const COMMAND = {
  name: 'payments-connect-check-spec-version',
  usage: `usage: payments-connect-check-spec-version [--root DIR]
  --root       repository root (default: this workspace)
  -h, --help   this help`,
};

/**
 * The check, as its command line asks: exit 0 when the versions agree, 1 when they differ, 2 for a wrong `--root`.
 * @param {string[]} args
 */
export async function main(args) {
  const { values } = readFlags(COMMAND, { args, options: { root: { type: 'string' } } });
  const root = repositoryRoot(COMMAND, values.root);
  const result = await checkSpecVersionSync(join(root, SPEC_DIR));
  (result.ok ? console.log : console.error)(result.message);
  process.exitCode = result.ok ? 0 : 1;
}

await runAsCommand(import.meta.url, main);

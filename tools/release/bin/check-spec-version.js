#!/usr/bin/env node
// Fails when spec/openapi.yaml's info.version differs from the version of @payments-connect/openapi.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '@payments-connect/contract/command-line';
import { SPEC_DIR } from '../src/release-constants.js';
import { checkSpecVersionSync } from '../src/spec-version.js';

const COMMAND = {
  name: 'payments-connect-check-spec-version',
  usage: `usage: payments-connect-check-spec-version [--root DIR]
  --root       repository root (default: this workspace)
  -h, --help   this help`,
};

const { values } = readFlags(COMMAND, { options: { root: { type: 'string' } } });
const root = resolve(values.root ?? fileURLToPath(new URL('../../..', import.meta.url)));
const result = await checkSpecVersionSync(join(root, SPEC_DIR));
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);

#!/usr/bin/env node
// Fails when spec/openapi.yaml's info.version differs from the version of @payments-connect/openapi.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SPEC_DIR } from '../src/release-constants.js';
import { checkSpecVersionSync } from '../src/spec-version.js';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = resolve(values.root ?? fileURLToPath(new URL('../../..', import.meta.url)));
const result = await checkSpecVersionSync(join(root, SPEC_DIR));
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);

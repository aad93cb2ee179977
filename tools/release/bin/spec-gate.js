#!/usr/bin/env node
// The breaking-change gate CI runs: compares the bundled spec with the last release (a git tag) and
// fails when the spec changed with no changeset for it, or broke consumers without a major one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '@payments-connect/contract/command-line';
import { readChangesetsFor } from '../src/pending-changesets.js';
import { BUNDLED_SPEC_FILE, SPEC_DIR } from '../src/release-constants.js';
import { bundleSpecAtRef, findLastSpecRelease } from '../src/released-spec.js';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { evaluateSpecGate } from '../src/spec-gate.js';

const COMMAND = {
  name: 'payments-connect-spec-gate',
  usage: `usage: payments-connect-spec-gate [--root DIR] [--current FILE] [--base-file FILE | --base-ref REF]
  --root       repository root (default: this workspace)
  --current    bundled spec to check (default: spec/${BUNDLED_SPEC_FILE})
  --base-file  compare with this bundled spec (e.g. dist/openapi.json of the published package)
  --base-ref   compare with the spec at this git ref instead of the last release tag
  -h, --help   this help`,
};

const { values } = readFlags(COMMAND, {
  options: {
    root: { type: 'string' },
    current: { type: 'string' },
    'base-file': { type: 'string' },
    'base-ref': { type: 'string' },
  },
});

const root = resolve(values.root ?? fileURLToPath(new URL('../../..', import.meta.url)));
const currentFile = resolve(values.current ?? join(root, SPEC_DIR, BUNDLED_SPEC_FILE));
if (!existsSync(currentFile)) {
  console.error(`${currentFile} is missing: build the spec first (pnpm --filter @payments-connect/openapi build).`);
  process.exit(2);
}
const current = JSON.parse(await readFile(currentFile, 'utf8'));
const { version: currentVersion } = JSON.parse(await readFile(join(root, SPEC_DIR, 'package.json'), 'utf8'));

/** @type {{ spec?: any, version?: string, name?: string }} */
let base = {};
if (values['base-file']) {
  const spec = JSON.parse(await readFile(resolve(values['base-file']), 'utf8'));
  base = { spec, version: spec.info?.version, name: values['base-file'] };
} else if (values['base-ref']) {
  const spec = await bundleSpecAtRef(root, values['base-ref']);
  base = { spec, version: spec.info?.version, name: values['base-ref'] };
} else {
  const release = await findLastSpecRelease(root);
  if (release) base = { spec: await bundleSpecAtRef(root, release.tag), version: release.version, name: release.tag };
}

const result = evaluateSpecGate({
  releasedVersion: base.version,
  baseline: base.name,
  currentVersion,
  changes: base.spec ? compareSpecs(base.spec, current) : [],
  changesets: await readChangesetsFor(root),
});
console.log(result.report);
process.exit(result.ok ? 0 : 1);

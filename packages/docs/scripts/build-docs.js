#!/usr/bin/env node
// `pnpm build` (and `pnpm docs` at the root): the bundled spec in, dist/index.html and the sample files out. Prints
// what it wrote, its size and how long it took.

import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadBundledDocument } from '@payments-connect/contract';
import { dataError, readFlags } from '@payments-connect/contract/command-line';
import { buildReference } from '../src/build-reference.js';
import { loadReleaseChanges } from '../src/changes-section.js';
import { SAMPLE_LANGUAGES, sampleLanguages } from '../src/sample-languages.js';

const COMMAND = {
  name: 'build-docs',
  usage: `usage: build-docs [--languages LIST]

  --languages  the samples' languages, comma-separated   default: ${SAMPLE_LANGUAGES.map(({ id }) => id).join(',')}

The "Changes" section is the changes.json the spec package's build writes (its changes base is that build's:
$PAYMENTS_CONNECT_CHANGES_BASE, else the last release before this version).

Exit status: 0 when built, 2 for a usage error or an input the build cannot use (a language it does not know, no
readable changes.json).`,
};

const { values } = readFlags(COMMAND, { options: { languages: { type: 'string' } } });
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../dist', import.meta.url));

const started = performance.now();
/** @type {import('../src/sample-languages.js').SampleLanguage[]} */
let languages = [];
try {
  languages = sampleLanguages(values.languages?.split(',').map((id) => id.trim()));
} catch (error) {
  dataError(COMMAND, /** @type {Error} */ (error).message);
}
/** @type {import('../src/changes-section.js').ReleaseChanges} */
let changes = { version: '', base: null, changes: [] };
try {
  changes = loadReleaseChanges();
} catch (error) {
  dataError(COMMAND, /** @type {Error} */ (error).message);
}
const result = buildReference({ spec: loadBundledDocument(), outDir, changes, languages });
const milliseconds = Math.round(performance.now() - started);

console.log(
  `docs: wrote ${relative(packageDir, result.htmlPath)} (${(result.htmlBytes / 1024).toFixed(0)} KiB, ` +
    `${result.samples.length} operations with samples in ${languages.map(({ label }) => label).join(', ')}) and ` +
    `${result.sampleFiles.length} sample files in ${milliseconds} ms`,
);

#!/usr/bin/env node
// `pnpm build` (and `pnpm docs` at the root): the bundled spec in, dist/index.html and the checked
// TypeScript samples out. Prints what it wrote, its size and how long it took.

import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadBundledDocument } from '@payments-connect/contract';
import { buildReference } from '../src/build-reference.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../dist', import.meta.url));

const started = performance.now();
const result = buildReference({ spec: loadBundledDocument(), outDir });
const milliseconds = Math.round(performance.now() - started);

console.log(
  `docs: wrote ${relative(packageDir, result.htmlPath)} (${(result.htmlBytes / 1024).toFixed(0)} KiB, ` +
    `${result.samples.length} operations with TypeScript and curl samples) and ${result.sampleFiles.length} ` +
    `sample files in ${milliseconds} ms`,
);

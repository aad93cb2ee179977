#!/usr/bin/env node
// `pnpm bench`: runs the benchmark sections, prints the markdown report and writes BENCHMARKS.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeMachine } from '../src/machine.js';
import { parseBenchOptions, usage } from '../src/options.js';
import { renderReport } from '../src/report/render-report.js';
import { benchBundleSize } from '../src/sections/bundle-size.js';
import { benchClient } from '../src/sections/client.js';
import { benchConformance } from '../src/sections/conformance.js';
import { benchFreshTest } from '../src/sections/fresh-test.js';
import { benchMemory } from '../src/sections/memory.js';
import { benchPipeline } from '../src/sections/pipeline.js';
import { benchProxy } from '../src/sections/proxy.js';
import { benchScale } from '../src/sections/scale.js';
import { benchServers } from '../src/sections/servers.js';
import { benchStartTime } from '../src/sections/start-time.js';
import { REPO_ROOT } from '../src/workspace.js';

/**
 * The sections by the name `--only` takes, in the report's order: a new one is a file of src/sections and a line here.
 * @type {Record<string, import('../src/section-result.js').Section>}
 */
const SECTIONS = {
  pipeline: benchPipeline,
  client: benchClient,
  bundle: benchBundleSize,
  servers: benchServers,
  proxy: benchProxy,
  start: benchStartTime,
  memory: benchMemory,
  conformance: benchConformance,
  scale: benchScale,
  'fresh-test': benchFreshTest,
};

const known = Object.keys(SECTIONS);
const argv = process.argv.slice(2).filter((arg) => arg !== '--');
let options;
try {
  options = parseBenchOptions(argv, { sections: known, defaultOut: join(REPO_ROOT, 'BENCHMARKS.md') });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (options.help) {
  console.log(usage(known));
  process.exit(0);
}
// `pnpm bench --out x.md` runs this script in bench: a relative path means where the user typed it.
const out = options.out && resolve(process.env.INIT_CWD ?? process.cwd(), options.out);
const started = performance.now();
const log = (/** @type {string} */ message) =>
  console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const machine = describeMachine();
const startedAt = new Date();
const tempDir = mkdtempSync(join(tmpdir(), 'payments-connect-bench-'));
const sections = [];
try {
  for (const name of options.sections) {
    log(`section ${name}`);
    sections.push(await SECTIONS[name]({ runs: options.runs, tempDir, log }));
  }
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}
const quick =
  '**Quick run** (`--quick`): one run of each measurement; a smoke test of the bench, not figures to quote.';
const command = ['pnpm bench', ...argv].join(' ');
const durationMs = performance.now() - started;
const report = renderReport({ sections, machine, startedAt, durationMs, command, notes: options.quick ? [quick] : [] });
console.log(report);
if (out) {
  writeFileSync(out, report);
  log(`wrote ${relative(process.cwd(), out) || out}`);
} else log('report printed only (a partial or quick run does not overwrite BENCHMARKS.md; --out <file> writes it)');

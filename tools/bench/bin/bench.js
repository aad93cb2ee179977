#!/usr/bin/env node
// `pnpm bench`: runs the benchmark sections, prints the markdown report and writes BENCHMARKS.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBenchContext } from '../src/bench-context.js';
import { autocannonGenerator, wrkGenerator } from '../src/load/load-generator.js';
import { describeMachine, waitForQuiet, watchLoad } from '../src/machine.js';
import { PEAK_MEMORY_METHOD } from '../src/measure/run-measured.js';
import { parseBenchOptions, USAGE } from '../src/options.js';
import { renderReport } from '../src/report/render-report.js';
import { benchBundleSize } from '../src/sections/bundle-size.js';
import { benchClient } from '../src/sections/client.js';
import { benchConformance } from '../src/sections/conformance.js';
import { benchFreshTest } from '../src/sections/fresh-test.js';
import { benchMemory } from '../src/sections/memory.js';
import { benchPipeline } from '../src/sections/pipeline.js';
import { benchScale } from '../src/sections/scale.js';
import { benchServers } from '../src/sections/servers.js';
import { benchStartTime } from '../src/sections/start-time.js';
import { REPO_ROOT } from '../src/workspace.js';

/** @type {Record<string, (context: import('../src/bench-context.js').BenchContext) => Promise<any>>} */
const SECTION_RUNNERS = {
  pipeline: benchPipeline,
  client: benchClient,
  bundle: benchBundleSize,
  servers: benchServers,
  start: benchStartTime,
  memory: benchMemory,
  conformance: benchConformance,
  scale: benchScale,
  'fresh-test': benchFreshTest,
};
/** A 1-minute load above half a load per core before the first section means other work shares the CPU. */
const BUSY_LOAD_PER_CORE = 0.5;
/** How long a run waits for the machine to become quiet before it measures anyway (and says so). */
const QUIET_WAIT_MS = 180_000;

let options;
try {
  options = parseBenchOptions(process.argv.slice(2), { defaultOut: join(REPO_ROOT, 'BENCHMARKS.md') });
  // `pnpm bench --out x.md` runs this script in tools/bench: a relative path means where the user typed it.
  if (options.out) options.out = resolve(process.env.INIT_CWD ?? process.cwd(), options.out);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const started = performance.now();
const log = (/** @type {string} */ message) =>
  console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const quietLoad = os.availableParallelism() * BUSY_LOAD_PER_CORE;
// A quick run is a smoke test of the bench: its figures are not to be quoted, so it does not wait.
if (!options.quick) await waitForQuiet({ quietLoad, maxMs: QUIET_WAIT_MS, log });
const machine = describeMachine();
const startedAt = new Date();
const notes = [];
// wrk by default (C, one thread: the load costs the machine least); autocannon when wrk cannot be had, said so.
let loadGenerator = autocannonGenerator();
if (options.generator === 'wrk') {
  const wrk = wrkGenerator({ install: true, log });
  if ('run' in wrk) loadGenerator = wrk;
  else notes.push(`**The load came from autocannon, not wrk**: ${wrk.reason}. autocannon reports latency in whole ms.`);
}
log(`load generator: ${loadGenerator.label}`);
const context = createBenchContext({ runs: options.runs, log, loadGenerator });
const sections = [];
/** @type {Array<{ section: string, atStart: number, highest: number }>} */
const sectionLoads = [];
try {
  for (const name of options.sections) {
    log(`section ${name}`);
    const load = watchLoad();
    sections.push(await SECTION_RUNNERS[name](context));
    sectionLoads.push({ section: name, ...load.stop() });
  }
} finally {
  context.dispose();
}

// Judged before the first section: once the sections run, the load average counts the bench's own processes (the
// servers and wrk, the fresh clone's whole `npm test`), which are what is measured, not work that disturbs it.
const loadAtStart = machine.loadAverage[0] ?? 0;
if (loadAtStart > quietLoad) {
  notes.push(
    `**The machine was busy when this run started** (1-minute load ${loadAtStart.toFixed(2)} on ${machine.cores}` +
      ` cores after waiting up to ${QUIET_WAIT_MS / 1000} s for it to fall to ${quietLoad}): other work shared the` +
      ' CPU, so times are higher and noisier than on a quiet machine.',
  );
}
if (options.quick)
  notes.push(
    '**Quick run** (`--quick`): one run of each measurement; a smoke test of the bench, not figures to quote.',
  );
const argv = process.argv.slice(2).filter((arg) => arg !== '--');
const report = renderReport({
  sections,
  machine,
  startedAt,
  durationMs: performance.now() - started,
  command: ['pnpm bench', ...argv].join(' '),
  memoryMethod: PEAK_MEMORY_METHOD,
  loadGenerator: loadGenerator.label,
  sectionLoads,
  notes,
});
console.log(report);
if (options.out) {
  writeFileSync(options.out, report);
  log(`wrote ${relative(process.cwd(), options.out) || options.out}`);
} else {
  log('report printed only (a partial or quick run does not overwrite BENCHMARKS.md; --out <file> writes it)');
}

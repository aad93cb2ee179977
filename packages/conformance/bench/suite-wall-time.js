#!/usr/bin/env node
// Wall time of the whole conformance run against the mock (mock start, every test, coverage check),
// median over several runs. Usage: node bench/suite-wall-time.js [--runs 3]

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const BIN = fileURLToPath(new URL('../bin/payments-connect-conformance.js', import.meta.url));
const env = { ...process.env, CONFORMANCE_TARGET: 'mock' };

const times = [];
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN], { env, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`run ${run} failed with exit code ${result.status}`);
  }
  const tests = stripVTControlCharacters(result.stdout)
    .match(/Tests\s+(.*)/)?.[1]
    .trim();
  console.error(`run ${run}/${RUNS}: ${seconds.toFixed(1)} s (${tests})`);
  times.push(seconds);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const each = times.map((t) => t.toFixed(1)).join(', ');
console.log(
  `conformance suite against the mock, node ${process.version}: ` +
    `median ${median.toFixed(1)} s over ${RUNS} runs (${each} s)`,
);

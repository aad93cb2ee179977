#!/usr/bin/env node
// Benchmark of the mock: start-to-first-200 (programmatic and CLI) and requests per second, sequential
// and 16 in flight. Prints medians over several runs. Usage:
//   node bench/start-and-throughput.js [--runs 5] [--requests 1000]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMock } from '../src/index.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, requests: { type: 'string', default: '1000' } },
});
const RUNS = Number(values.runs);
const REQUESTS = Number(values.requests);
const IN_FLIGHT = 16;
const BIN = fileURLToPath(new URL('../bin/payments-connect-mock.js', import.meta.url));
const HEADERS = { AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e', Authorization: 'Bearer bench' };
const PATH = '/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function get(url) {
  const response = await fetch(`${url}${PATH}`, { headers: HEADERS });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
}

async function untilFirst200(url, started) {
  for (;;) {
    try {
      await get(url);
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * CPU time (user + system) a process has used so far, from /proc (Linux only; undefined elsewhere).
 * Unlike wall time it hardly moves when other work shares the machine.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** startMock(): time until it resolves, and until the first 200 after that; the mock's CPU time to ready. */
async function programmaticStart() {
  const started = performance.now();
  const mock = await startMock();
  const ready = performance.now() - started;
  const cpu = cpuMsOf(mock.pid);
  const first200 = await untilFirst200(mock.url, started);
  return { ready, cpu, first200, mock };
}

/** The CLI in the foreground: spawn to first 200, polling. */
async function cliStart() {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]);
    });
  });
  const first200 = await untilFirst200(url, started);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return first200;
}

async function throughput(url, inFlight) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next++ < REQUESTS) await get(url);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

const results = { ready: [], cpu: [], first200: [], cli: [], sequential: [], concurrent: [] };
const loadBefore = loadavg()[0];
for (let run = 1; run <= RUNS; run++) {
  const { ready, cpu, first200, mock } = await programmaticStart();
  try {
    await throughput(mock.url, 1); // warm-up: JIT, keep-alive sockets
    results.ready.push(ready);
    if (cpu !== undefined) results.cpu.push(cpu);
    results.first200.push(first200);
    results.sequential.push(await throughput(mock.url, 1));
    results.concurrent.push(await throughput(mock.url, IN_FLIGHT));
  } finally {
    await mock.stop();
  }
  results.cli.push(await cliStart());
  console.error(`run ${run}/${RUNS} done`);
}

const ms = (values) => `${Math.round(median(values))} ms (runs: ${values.map(Math.round).join(', ')})`;
const rps = (values) => `${Math.round(median(values))} req/s (runs: ${values.map(Math.round).join(', ')})`;
console.log(`payments-connect-mock benchmark, node ${process.version}, medians of ${RUNS} runs, GET ${PATH}`);
console.log(
  `  1-min load average before/after ${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)} (the machine's other work inflates wall times)`,
);
console.log(`  startMock() resolved            ${ms(results.ready)}`);
if (results.cpu.length > 0) console.log(`  mock CPU time until ready       ${ms(results.cpu)}`);
console.log(`  startMock() to first 200        ${ms(results.first200)}`);
console.log(`  CLI spawn to first 200          ${ms(results.cli)}`);
console.log(`  sequential, ${REQUESTS} requests      ${rps(results.sequential)}`);
console.log(`  ${IN_FLIGHT} in flight, ${REQUESTS} requests   ${rps(results.concurrent)}`);

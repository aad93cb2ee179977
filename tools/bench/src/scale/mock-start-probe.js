#!/usr/bin/env node
// Child process of the scale benchmark: starts the mock (Prism behind the envelope proxy) on a given spec,
// sends one request, and prints { readyMs, firstOkMs, status } as JSON. Run under /usr/bin/time by the
// parent so that the peak memory of the mock's process tree is measured with it.
// Usage: node mock-start-probe.js '<json: { spec, path, startTimeoutMs }>'
import { performance } from 'node:perf_hooks';
import { startMock } from '@payments-connect/mock';
import { probeHeaders } from '../mock-request.js';

const { spec, path, startTimeoutMs } = JSON.parse(process.argv[2]);
const started = performance.now();
let mock;
try {
  mock = await startMock({ spec, startTimeoutMs });
  const readyMs = performance.now() - started;
  const response = await fetch(mock.url + path, { headers: probeHeaders() });
  await response.arrayBuffer();
  console.log(JSON.stringify({ readyMs, firstOkMs: performance.now() - started, status: response.status }));
} catch (error) {
  console.log(JSON.stringify({ failed: error instanceof Error ? error.message : String(error) }));
} finally {
  await mock?.stop();
}

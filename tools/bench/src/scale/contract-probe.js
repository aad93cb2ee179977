#!/usr/bin/env node
// Child process of the scale benchmark: what the emulator does with a spec that grows, in a fresh Node process. The
// emulator serves only the operations it implements (it refuses a spec with others), so on a generated spec this
// measures the part of its work that grows with the spec: loading the contract model, and judging one request (the
// operation matched, bearer, parameters). Receives { spec, method, path, headers } as JSON in argv[2]; prints
// { loadMs, judgedPerSecond } (or { failed }) as one JSON line.
import { performance } from 'node:perf_hooks';
import { createContract, loadDocumentFile } from '@payments-connect/contract';

/** Judging runs for about this long after a warm-up: long enough for a stable rate, bounded whatever the spec. */
const JUDGE_MS = 1000;
const WARMUP_REQUESTS = 2000;

const { spec, method, path, headers } = JSON.parse(process.argv[2] ?? '{}');
try {
  const started = performance.now();
  const contract = createContract(loadDocumentFile(spec));
  const loadMs = performance.now() - started;
  /** @type {Record<string, string[]>} */
  const distinct = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [String(value)]]));
  const judge = () => {
    const match = contract.match(method, path);
    if (match.kind !== 'matched') throw new Error(`${method} ${path} matched no operation (${match.kind})`);
    const head = contract.checkRequestHead(match.operation, {
      headers: distinct,
      pathParams: match.pathParams,
      query: match.query,
    });
    if (head.status !== undefined) throw new Error(`${method} ${path} refused ${head.status}`);
  };
  for (let index = 0; index < WARMUP_REQUESTS; index += 1) judge();
  let judged = 0;
  const judging = performance.now();
  while (performance.now() - judging < JUDGE_MS) {
    for (let index = 0; index < 100; index += 1) judge();
    judged += 100;
  }
  const judgedPerSecond = judged / ((performance.now() - judging) / 1000);
  console.log(JSON.stringify({ loadMs, judgedPerSecond }));
} catch (error) {
  console.log(JSON.stringify({ failed: error instanceof Error ? error.message : String(error) }));
}

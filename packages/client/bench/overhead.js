#!/usr/bin/env node
// Per-request cost of plain fetch, bare openapi-fetch and @payments-connect/client (token cached, retries on, no
// faults), first against a real server on 127.0.0.1 (in a child process, so it has its own core), then with a
// stub fetch that answers at once (the client's own overhead, nothing else). Prints a markdown table of medians.
// Run `pnpm --filter @payments-connect/client build` first; then `node bench/overhead.js`.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import createClient from 'openapi-fetch';
import { createPaymentsConnectClient } from '../dist/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN = 'bench-token';
const CASE_BODY = JSON.stringify({ rfiId: RFI_ID, status: 'OPEN', questions: [{ questionId: 'q-1' }] });
const TOKEN_BODY = JSON.stringify({ access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The server side: the token endpoint and one RFI case, nothing else. */
function serve() {
  const server = createServer((request, response) => {
    request.resume().on('end', () => {
      const body = request.url === '/auth/token' ? TOKEN_BODY : CASE_BODY;
      response.writeHead(200, { ...JSON_HEADERS, 'Content-Length': Buffer.byteLength(body) }).end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
}

/** A fetch that answers at once, as a server would. */
function stubFetch(input) {
  const url = typeof input === 'string' ? input : input.url;
  const body = url.endsWith('/auth/token') ? TOKEN_BODY : CASE_BODY;
  return Promise.resolve(new Response(body, { headers: { ...JSON_HEADERS, 'Content-Length': String(body.length) } }));
}

/** The three ways to get the RFI case, each returning the parsed body. */
function contenders(baseUrl, fetchImpl) {
  const headers = { Authorization: `Bearer ${TOKEN}`, AccountId: ACCOUNT_ID, Accept: 'application/json' };
  const bare = createClient({ baseUrl, headers, fetch: fetchImpl });
  const client = createPaymentsConnectClient({
    baseUrl,
    clientId: 'bench',
    clientSecret: 'bench-secret',
    accountId: ACCOUNT_ID,
    fetch: fetchImpl,
  });
  return {
    'plain fetch': async () => (await fetchImpl(`${baseUrl}/v1/rfi/${RFI_ID}`, { headers })).json(),
    'bare openapi-fetch': async () => (await bare.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId: RFI_ID } } })).data,
    '@payments-connect/client': async () =>
      (await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId: RFI_ID } } })).data,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Runs the contenders in interleaved rounds of `batch` sequential requests; returns median µs per request. */
async function measure(runs, batch) {
  const samples = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (const run of Object.values(runs)) for (let i = 0; i < batch; i++) await run(); // warm-up, token fetched
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(runs)) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) await run();
      samples[name].push(Number(process.hrtime.bigint() - started) / 1000 / batch);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

function table(title, results) {
  const bare = results['bare openapi-fetch'];
  const rows = Object.entries(results).map(
    ([name, us]) => `| ${name} | ${us.toFixed(1)} | ${(us / bare).toFixed(3)}x |`,
  );
  return [
    `### ${title}`,
    '',
    '| contender | median µs / request | vs bare openapi-fetch |',
    '|---|---:|---:|',
    ...rows,
  ].join('\n');
}

if (process.argv[2] === 'serve') {
  serve();
} else {
  const server = fork(new URL(import.meta.url).pathname, ['serve']);
  const port = await new Promise((resolve) => server.once('message', resolve));
  // The machine may be shared: the load says how much to trust a run, and why runs differ.
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  try {
    const overNetwork = await measure(contenders(`http://127.0.0.1:${port}`, fetch), 200);
    const stubbed = await measure(contenders('https://api.payments-connect.example', stubFetch), 2_000);
    console.log(`Node ${process.version}, ${ROUNDS} rounds, sequential requests, medians of per-round means.`);
    console.log(`Load average at start (1, 5, 15 min): ${load} on ${availableParallelism()} cores.\n`);
    console.log(table('Against a node:http server on 127.0.0.1 (keep-alive)', overNetwork));
    console.log();
    console.log(table('With a stub fetch (client overhead only)', stubbed));
  } finally {
    server.kill();
  }
}

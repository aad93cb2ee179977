#!/usr/bin/env node
// Child process of the bench: runs autocannon, so that the load comes from a process of its own and never shares an
// event loop with the server it measures or with the bench. Receives its options as JSON in argv[2]; prints the
// result as one JSON line.
import autocannon from 'autocannon';

const { url, headers, connections, seconds, amount } = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon({
  url,
  headers,
  connections,
  ...(amount === undefined ? { duration: seconds } : { amount }),
  // Each request is sent when the previous answer on its connection is in, as wrk and a client would.
  pipelining: 1,
});
console.log(
  JSON.stringify({
    ok: result['2xx'],
    notOk: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  }),
);

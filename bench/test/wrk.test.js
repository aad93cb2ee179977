import { describe, expect, it } from 'vitest';
import { parseWrkOutput, requireAllOk } from '../src/load/wrk.js';

describe('parseWrkOutput', () => {
  const output = [
    'Running 3s test @ http://127.0.0.1:4999/',
    '  1 threads and 16 connections',
    '  Thread Stats   Avg      Stdev     Max   +/- Stdev',
    '    Latency   512.00us  300.00us   6.00ms   90.00%',
    '  Latency Distribution',
    '     50%  437.00us',
    '     75%  600.00us',
    '     90%    1.20ms',
    '     99%    5.52ms',
    '  96000 requests in 3.00s, 46.05MB read',
    '  Socket errors: connect 0, read 2, write 0, timeout 3',
    '  Non-2xx or 3xx responses: 1000',
    'Requests/sec:  32000.00',
  ].join('\n');

  it('reads the 2xx rate, the latency percentiles in ms, and the failures: other statuses and socket errors', () => {
    expect(parseWrkOutput(output)).toEqual({
      requestsPerSecond: 95000 / 3,
      p50Ms: 0.437,
      p99Ms: 5.52,
      ok: 95000,
      failed: 1005,
    });
  });

  it('reads a run of whole seconds and latencies in seconds', () => {
    const slow = output
      .replace('5.52ms', '1.50s')
      .replace('in 3.00s', 'in 1.00m')
      .replace(/.*(Socket|Non-2xx).*\n/g, '');
    expect(parseWrkOutput(slow)).toMatchObject({ requestsPerSecond: 96000 / 60, p99Ms: 1500, failed: 0 });
  });

  it('refuses output without the figures rather than reading zeros', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/no request count/);
  });
});

describe('requireAllOk', () => {
  it('takes a run whose every answer was 2xx, and refuses one with a failure or no answer at all', () => {
    expect(() => requireAllOk({ ok: 10, failed: 0 }, 'mock')).not.toThrow();
    expect(() => requireAllOk({ ok: 9, failed: 1 }, 'mock')).toThrow(/mock: 9 answers 2xx, 1 failed/);
    expect(() => requireAllOk({ ok: 0, failed: 0 }, 'mock')).toThrow(/0 answers 2xx/);
  });
});

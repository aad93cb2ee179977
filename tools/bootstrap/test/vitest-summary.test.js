import { describe, expect, it } from 'vitest';
import { summarizeVitestOutput } from '../src/vitest-summary.js';

describe('summarizeVitestOutput', () => {
  it('adds up the Tests lines of several vitest runs, turbo prefixes and colours included', () => {
    const output = [
      '@payments-connect/client:test:       Tests  1 failed | 11 passed | 2 skipped (14)',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m3 passed\u001b[39m\u001b[22m\u001b[90m (3)\u001b[39m',
      '@payments-connect/mock:test:  Test Files  2 passed (2)',
    ].join('\n');
    expect(summarizeVitestOutput(output)).toEqual({ passed: 14, failed: 1, skipped: 2, runs: 2 });
  });

  it('counts todo tests as skipped', () => {
    expect(summarizeVitestOutput('      Tests  2 passed | 1 todo (3)')).toEqual({ passed: 2, failed: 0, skipped: 1, runs: 1 });
  });

  it('reports no run when vitest printed nothing', () => {
    expect(summarizeVitestOutput('turbo: 0 tasks\n')).toEqual({ passed: 0, failed: 0, skipped: 0, runs: 0 });
  });
});

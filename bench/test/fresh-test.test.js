import { describe, expect, it } from 'vitest';
import { closingLine, failureLines } from '../src/sections/fresh-test.js';

describe('failureLines', () => {
  it('quotes the failed tests and tasks, and nothing that passed', () => {
    const lines = [
      '@payments-connect/mock:test:  ✓ test/cli.test.js (5 tests) 900ms',
      '@payments-connect/mock:test:  × test/cli.test.js > refuses a bad --port 30012ms',
      '@payments-connect/mock:test:  FAIL  test/cli.test.js > refuses a bad --port',
      '  Failed:    @payments-connect/mock#test',
      '[test-run] failure: @payments-connect/docs#test: failed without a test result (a crash)',
    ];
    expect(failureLines(lines)).toEqual(lines.slice(1));
  });
});

describe('closingLine', () => {
  it("finds the test job's closing line, the last if there are several, and says when there is none", () => {
    const lines = [
      '@payments-connect/mock:test:       Tests  63 passed (63)',
      '12 passed, 1 failed, 0 skipped',
      '@payments-connect/mock:test:    Duration  12.20s',
      '1909 passed, 0 failed, 17 skipped',
    ];
    expect(closingLine(lines)).toBe('1909 passed, 0 failed, 17 skipped');
    expect(closingLine(lines.slice(0, 1))).toBe('no closing line');
  });
});

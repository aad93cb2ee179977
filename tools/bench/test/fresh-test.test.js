import { describe, expect, it } from 'vitest';
import { failureLines, taskSpans, timingLines } from '../src/sections/fresh-test.js';

describe('taskSpans', () => {
  it("spans each turbo task from its first prefixed line to its last, ignoring lines that are no task's", () => {
    const lines = [
      '[bootstrap] pnpm install',
      '@payments-connect/openapi:build: > redocly bundle',
      '@payments-connect/mock:test: > vitest run',
      '@payments-connect/openapi:build: done',
      '@payments-connect/mock:test:  Tests  63 passed (63)',
      ' Tasks:    2 successful, 2 total',
    ];
    expect(taskSpans(lines, [0, 100, 250, 900, 4000, 4100])).toEqual([
      { task: '@payments-connect/openapi:build', firstMs: 100, lastMs: 900 },
      { task: '@payments-connect/mock:test', firstMs: 250, lastMs: 4000 },
    ]);
  });
});

describe('failureLines', () => {
  it('quotes the failed tests and tasks, and nothing that passed', () => {
    const lines = [
      '@payments-connect/mock:test:  ✓ test/cli.test.js (5 tests) 900ms',
      '@payments-connect/mock:test:  × test/cli.test.js > refuses a bad --port 30012ms',
      '@payments-connect/mock:test:  FAIL  test/cli.test.js > refuses a bad --port',
      '  Failed:    @payments-connect/mock#test',
      '[bootstrap] failure: @payments-connect/docs:check exited 2',
    ];
    expect(failureLines(lines)).toEqual(lines.slice(1));
  });
});

describe('timingLines', () => {
  it('keeps the lines in which tasks time themselves', () => {
    const lines = [
      '@payments-connect/mock:test:    Duration  12.20s (transform 348ms, import 1.23s, tests 9.67s)',
      '@payments-connect/mock:test:       Tests  63 passed (63)',
      '@payments-connect/release-tools:test: [round trip] release rehearsed and published: 41.2 s',
    ];
    expect(timingLines(lines)).toEqual([lines[0], lines[2]]);
  });
});

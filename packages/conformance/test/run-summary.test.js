import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRunSummary, readRunSummary, runSummaryFile } from '../src/run-summary.js';

const counts = { passed: 82, failed: 0, skipped: 17 };

describe('formatRunSummary', () => {
  it('says the tests passed, failed and skipped, and the documented operation x status pairs covered', () => {
    expect(formatRunSummary({ ...counts, pairs: { exercised: 112, documented: 130 } }, 0)).toBe(
      'conformance: 82 passed, 0 failed, 17 skipped; 112 of 130 documented operation x status pairs covered',
    );
  });

  it('says so when the coverage check did not run', () => {
    expect(formatRunSummary({ ...counts, pairs: null }, 0)).toBe(
      'conformance: 82 passed, 0 failed, 17 skipped; coverage not checked (the coverage check did not run)',
    );
  });

  it('gives the exit code of a run that failed though no test did, and leaves it out when a test failed', () => {
    const pairs = { exercised: 1, documented: 2 };
    expect(formatRunSummary({ ...counts, pairs }, 1)).toMatch(/covered; exit code 1 \(see the errors above\)$/);
    expect(formatRunSummary({ ...counts, failed: 2, pairs }, 1)).toMatch(/, 2 failed, .* pairs covered$/);
  });

  it('says when vitest ended before its run did', () => {
    expect(formatRunSummary(undefined, 1)).toBe(
      'conformance: no result: vitest ended (exit code 1) before its run finished',
    );
  });
});

describe('readRunSummary', () => {
  it('reads what the reporter wrote in a reports folder, and nothing from a folder without it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-summary-'));
    try {
      expect(readRunSummary(dir)).toBeUndefined();
      const summary = { ...counts, pairs: { exercised: 3, documented: 4 } };
      await writeFile(runSummaryFile(dir), JSON.stringify(summary));
      expect(readRunSummary(dir)).toEqual(summary);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { turboCacheSummary } from '../src/sections/pipeline.js';

describe('turboCacheSummary', () => {
  it("reads turbo's summary line and tells a full cache hit from a partial one", () => {
    expect(
      turboCacheSummary(
        ' Tasks:    4 successful, 4 total\nCached:    4 cached, 4 total\n  Time:    161ms >>> FULL TURBO',
      ),
    ).toEqual({ text: '4/4', full: true });
    expect(turboCacheSummary('Cached:    2 cached, 4 total')).toEqual({ text: '2/4', full: false });
  });

  it('counts output without the line as no hit', () => {
    expect(turboCacheSummary('ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL')).toEqual({ text: '?', full: false });
  });
});

import { describe, expect, it } from 'vitest';
import { parseBenchOptions, runCounts } from '../src/options.js';

const SECTIONS = ['pipeline', 'client', 'servers', 'scale', 'fresh-test'];
const defaults = { sections: SECTIONS, defaultOut: '/repo/BENCHMARKS.md' };

describe('parseBenchOptions', () => {
  it('runs every section with full run counts and writes BENCHMARKS.md by default', () => {
    expect(parseBenchOptions([], defaults)).toMatchObject({
      sections: SECTIONS,
      quick: false,
      runs: runCounts(false),
      out: '/repo/BENCHMARKS.md',
    });
  });

  it('keeps the report order whatever order --only names sections in, and prints a partial run only', () => {
    const options = parseBenchOptions(['--only', 'scale', '--only=client,pipeline'], defaults);
    expect(options.sections).toEqual(['pipeline', 'client', 'scale']);
    expect(options.out).toBeNull();
  });

  it('--quick uses one run of each, leaves the fresh-clone test out and writes only where --out says', () => {
    expect(parseBenchOptions(['--quick'], defaults)).toMatchObject({ runs: runCounts(true), out: null });
    expect(parseBenchOptions(['--quick'], defaults).sections).not.toContain('fresh-test');
    expect(parseBenchOptions(['--quick', '--only', 'fresh-test'], defaults).sections).toEqual(['fresh-test']);
    expect(parseBenchOptions(['--quick', '--out', '/tmp/b.md'], defaults).out).toBe('/tmp/b.md');
    expect(parseBenchOptions(['--no-write'], defaults).out).toBeNull();
  });

  it('refuses unknown sections and flags with the usage', () => {
    expect(() => parseBenchOptions(['--only', 'clients'], defaults)).toThrow(/unknown section clients[\s\S]*Usage/);
    expect(() => parseBenchOptions(['--fast'], defaults)).toThrow(/unknown argument --fast\n/);
    expect(() => parseBenchOptions(['--qiuck'], defaults)).toThrow(
      /unknown argument --qiuck \(did you mean --quick\?\)/,
    );
    expect(() => parseBenchOptions(['--only', 'severs'], defaults)).toThrow(
      /unknown section severs \(did you mean servers\?\)/,
    );
    expect(() => parseBenchOptions(['--out'], defaults)).toThrow(/--out needs a value/);
  });
});

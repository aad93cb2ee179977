import { describe, expect, it } from 'vitest';
import { growthBetween } from '../src/measure/growth.js';
import { markdownTable } from '../src/report/markdown-table.js';
import { renderReport } from '../src/report/render-report.js';
import { checkAtMost, checkObserved } from '../src/report/targets.js';
import { formatBytes, formatDuration } from '../src/report/units.js';
import { describeGrowth } from '../src/sections/scale.js';

const MACHINE = {
  cpu: 'Test CPU',
  cores: 2,
  memoryBytes: 8 * 1024 ** 3,
  node: 'v20.20.2',
  pnpm: '10.34.9',
  os: 'Linux',
  loadAverage: [0.1, 0.2, 0.3],
};

describe('markdownTable', () => {
  it('aligns columns and escapes pipes so that a cell cannot break its row', () => {
    const table = markdownTable(['Name', 'Time'], [['a | b', '1 ms']], { align: ['l', 'r'] });
    expect(table.split('\n')).toEqual(['| Name | Time |', '|---|---:|', '| a \\| b | 1 ms |']);
  });
});

describe('targets', () => {
  const format = (/** @type {number} */ value) => `${value} ms`;
  it('passes at the limit and misses above it', () => {
    expect(checkAtMost({ target: 't', value: 1000, limit: 1000, format }).verdict).toBe('pass');
    expect(checkAtMost({ target: 't', value: 1001, limit: 1000, format })).toEqual({
      target: 't',
      measured: '1001 ms',
      verdict: 'miss',
    });
  });
  it('never passes a figure that was not measured, and says why', () => {
    expect(checkAtMost({ target: 't', value: null, limit: 1, format, missing: 'dist is missing' })).toEqual({
      target: 't',
      measured: 'not measured: dist is missing',
      verdict: 'not measured',
    });
    expect(checkObserved('t', null, 'size not run').verdict).toBe('not measured');
  });
});

describe('growth', () => {
  it('is linear when the cost grows as the size does, and flags a quadratic cost', () => {
    expect(growthBetween({ size: 100, cost: 2 }, { size: 1000, cost: 20 })).toMatchObject({ superlinear: false });
    expect(growthBetween({ size: 100, cost: 2 }, { size: 1000, cost: 20 }).perTenfold).toBeCloseTo(10);
    const quadratic = growthBetween({ size: 1000, cost: 1 }, { size: 5000, cost: 25 });
    expect(quadratic.exponent).toBeCloseTo(2);
    expect(describeGrowth(quadratic)).toMatch(/worse than linear/);
    expect(describeGrowth(growthBetween({ size: 1000, cost: 10 }, { size: 5000, cost: 20 }))).not.toMatch(/worse/);
    expect(describeGrowth(null)).toBe('not measured');
  });
});

describe('units', () => {
  it('prints durations and sizes in the unit a reader expects', () => {
    expect(formatDuration(0.0345)).toBe('34.5 µs');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(43_210)).toBe('43.2 s');
    expect(formatBytes(4394)).toBe('4.29 KiB');
  });
});

describe('renderReport', () => {
  const report = renderReport({
    sections: [
      {
        id: 'pipeline',
        title: 'Pipeline',
        markdown: 'pipeline body',
        targets: [{ target: 'Warm build <= 1 s', measured: '0.80 s', verdict: 'pass' }],
      },
      {
        id: 'bundle',
        title: 'Bundle size',
        markdown: 'bundle body',
        targets: [{ target: 'Client <= 4 KB', measured: 'not measured: no dist', verdict: 'not measured' }],
      },
    ],
    machine: MACHINE,
    startedAt: new Date('2026-11-22T10:00:00Z'),
    durationMs: 61_000,
    command: 'pnpm bench',
    memoryMethod: 'peak RSS',
    loadGenerator: 'wrk 4.1.0',
    sectionLoads: [
      { section: 'pipeline', atStart: 0.5, highest: 1.25 },
      { section: 'bundle', atStart: 1.1, highest: 7.5 },
    ],
    notes: ['**Busy machine.**'],
  });

  it('marks itself generated, with the date, the command and the machine', () => {
    expect(report.startsWith('<!-- GENERATED FILE')).toBe(true);
    expect(report).toContain('Generated 2026-11-22T10:00:00.000Z by `pnpm bench` in 61 s.');
    expect(report).toContain('| CPU | Test CPU |');
    expect(report).toContain('| Memory | 8.0 GiB |');
    expect(report).toContain('**Busy machine.**');
    expect(report).toContain('| Load generator (servers) | wrk 4.1.0, in a process of its own |');
  });

  it('says how busy the machine was during each section', () => {
    expect(report).toContain(
      "| Load during the run (1-minute average, the bench's own work included) | pipeline | bundle |",
    );
    expect(report).toContain('| Highest seen (every 5 s) | 1.25 | 7.50 |');
  });

  it('lists every target with its verdict, then each section in order', () => {
    expect(report).toContain('| Warm build <= 1 s | 0.80 s | pass |');
    expect(report).toContain('| Client <= 4 KB | not measured: no dist | not measured |');
    expect(report.indexOf('## Targets')).toBeLessThan(report.indexOf('## Pipeline'));
    expect(report.indexOf('## Pipeline')).toBeLessThan(report.indexOf('## Bundle size'));
  });
});

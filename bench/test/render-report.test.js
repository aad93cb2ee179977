import { describe, expect, it } from 'vitest';
import { markdownTable } from '../src/report/markdown-table.js';
import { renderReport } from '../src/report/render-report.js';
import { checkAtLeast, checkAtMost, checkObserved } from '../src/report/targets.js';
import { formatBytes, formatDuration, formatRange, formatShare } from '../src/report/units.js';

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
    expect(checkAtLeast({ target: 't', value: Number.NaN, limit: 1, format }).verdict).toBe('not measured');
  });
  it('passes a floor when the figure reaches it, and misses below it', () => {
    const share = { target: 'Mock >= 50 %', limit: 0.5, format: formatShare };
    expect(checkAtLeast({ ...share, value: 0.5 })).toEqual({
      target: 'Mock >= 50 %',
      measured: '50.0 %',
      verdict: 'pass',
    });
    expect(checkAtLeast({ ...share, value: 0.499 }).verdict).toBe('miss');
  });
});

describe('units', () => {
  it('prints durations and sizes in the unit a reader expects', () => {
    expect(formatDuration(0.0345)).toBe('34.5 µs');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(43_210)).toBe('43.2 s');
    expect(formatBytes(4394)).toBe('4.29 KiB');
    expect(formatRange({ min: 0.5, max: 1500, count: 3 })).toBe('500.0 µs to 1.50 s (3)');
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
    notes: ['**Quick run.**'],
  });

  it('marks itself generated, with the date, the command and the machine', () => {
    expect(report.startsWith('<!-- GENERATED FILE')).toBe(true);
    expect(report).toContain('Generated 2026-11-22T10:00:00.000Z by `pnpm bench` in 61 s.');
    expect(report).toContain('| CPU | Test CPU |');
    expect(report).toContain('| Memory | 8.0 GiB |');
    expect(report).toContain('| Load average at start (1, 5, 15 min) | 0.10, 0.20, 0.30 |');
    expect(report).toContain('**Quick run.**');
  });

  it('lists every target with its verdict, then each section in order', () => {
    expect(report).toContain('| Warm build <= 1 s | 0.80 s | pass |');
    expect(report).toContain('| Client <= 4 KB | not measured: no dist | not measured |');
    expect(report.indexOf('## Targets')).toBeLessThan(report.indexOf('## Pipeline'));
    expect(report.indexOf('## Pipeline')).toBeLessThan(report.indexOf('## Bundle size'));
  });
});

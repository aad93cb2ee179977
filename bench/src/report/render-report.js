import { markdownTable } from './markdown-table.js';

/**
 * The whole report as markdown: a generated-file header with date and machine, the targets with their verdicts,
 * then each section.
 * @param {object} report
 * @param {import('../section-result.js').SectionResult[]} report.sections
 * @param {ReturnType<typeof import('../machine.js').describeMachine>} report.machine
 * @param {Date} report.startedAt
 * @param {number} report.durationMs
 * @param {string} report.command how the run was started, e.g. `pnpm bench --quick`
 * @param {string[]} report.notes remarks of this run (e.g. that it was a quick one)
 * @returns {string}
 */
export function renderReport({ sections, machine, startedAt, durationMs, command, notes }) {
  const targets = sections.flatMap((section) => section.targets);
  const lines = [
    '<!-- GENERATED FILE: written by `pnpm bench` (bench). Do not edit by hand; run the bench again. -->',
    '',
    '# Benchmarks',
    '',
    `Generated ${startedAt.toISOString()} by \`${command}\` in ${Math.round(durationMs / 1000)} s.`,
    '',
    markdownTable(
      ['Machine', ''],
      [
        ['CPU', machine.cpu],
        ['Cores', machine.cores],
        ['Memory', `${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB`],
        ['OS', machine.os],
        ['Node', machine.node],
        ['pnpm', machine.pnpm],
        ['Load average at start (1, 5, 15 min)', machine.loadAverage.map((load) => load.toFixed(2)).join(', ')],
      ],
    ),
    '',
    'Every figure below was measured in this run; none is carried over. "Median" is over the runs each table',
    'names. Targets are figures for this 2-core machine, not timed tests.',
    ...notes.flatMap((note) => ['', note]),
    '',
    '## Targets',
    '',
    markdownTable(
      ['Target', 'Measured', 'Verdict'],
      targets.map(({ target, measured, verdict }) => [target, measured, verdict]),
    ),
  ];
  for (const section of sections) lines.push('', `## ${section.title}`, '', section.markdown);
  return `${lines.join('\n')}\n`;
}

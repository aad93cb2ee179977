import { markdownTable } from './markdown-table.js';

/**
 * @typedef {object} SectionResult
 * @property {string} id the section name (`--only` takes it)
 * @property {string} title
 * @property {string} markdown the body: prose and tables
 * @property {import('./targets.js').TargetResult[]} targets the targets this section measured
 */

/**
 * The whole report as markdown: a generated-file header with date, machine and method, the targets with
 * pass/miss, then each section.
 * @param {object} report
 * @param {SectionResult[]} report.sections
 * @param {import('../machine.js').MachineDescription} report.machine
 * @param {Date} report.startedAt
 * @param {number} report.durationMs
 * @param {string} report.command how the run was started, e.g. `pnpm bench --quick`
 * @param {string} report.memoryMethod how peak memory was measured
 * @param {string} [report.loadGenerator] what loaded the servers
 * @param {Array<{ section: string, atStart: number, highest: number }>} [report.sectionLoads] the 1-minute load
 *   average during each section: when it started, and the highest seen
 * @param {string[]} [report.notes] remarks of this run (e.g. that the machine was busy)
 * @returns {string}
 */
export function renderReport({
  sections,
  machine,
  startedAt,
  durationMs,
  command,
  memoryMethod,
  loadGenerator,
  sectionLoads = [],
  notes = [],
}) {
  const targets = sections.flatMap((section) => section.targets);
  const load = machine.loadAverage.map((value) => value.toFixed(2)).join(', ');
  const lines = [
    '<!-- GENERATED FILE: written by `pnpm bench` (tools/bench). Do not edit by hand; run the bench again. -->',
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
        ['Load average at start (1, 5, 15 min)', load],
        ...(loadGenerator ? [['Load generator (servers)', `${loadGenerator}, in a process of its own`]] : []),
      ],
    ),
    '',
    ...(sectionLoads.length > 0
      ? [
          markdownTable(
            [
              "Load during the run (1-minute average, the bench's own work included)",
              ...sectionLoads.map((load) => load.section),
            ],
            [
              ['At the start of the section', ...sectionLoads.map((load) => load.atStart.toFixed(2))],
              ['Highest seen (every 5 s)', ...sectionLoads.map((load) => load.highest.toFixed(2))],
            ],
          ),
          '',
        ]
      : []),
    'Every figure below was measured in this run; none is carried over. "Median" is over the runs each table',
    `names. Peak memory is the ${memoryMethod}. Targets are figures for this 2-core machine, not timed tests.`,
    ...notes.flatMap((note) => ['', note]),
    '',
    '## Targets',
    '',
    targets.length > 0
      ? markdownTable(
          ['Target', 'Measured', 'Verdict'],
          targets.map(({ target, measured, verdict }) => [target, measured, verdict]),
        )
      : 'No section with a target ran.',
  ];
  for (const section of sections) lines.push('', `## ${section.title}`, '', section.markdown);
  return `${lines.join('\n')}\n`;
}

/** @typedef {import('./spec-gate.js').SpecGateResult} SpecGateResult */
/** @typedef {import('./spec-changes/comparison.js').SpecChange} SpecChange */
/** @typedef {import('./consumer-impact/consumer-impact.js').ConsumerImpact} ConsumerImpact */
/** @typedef {import('./consumer-impact/consumer-impact.js').ConsumerTally} ConsumerTally */
/** @typedef {import('./consumer-impact/consumer-impact.js').ChangeImpact} ChangeImpact */

/** The formats of the gate's report: text for a terminal or a CI log, markdown for a pull-request comment, JSON. */
export const REPORT_FORMATS = /** @type {const} */ (['text', 'markdown', 'json']);

/** @typedef {typeof REPORT_FORMATS[number]} ReportFormat */

/**
 * What the gate reports.
 * @typedef {object} GateReportInput
 * @property {SpecGateResult} result the decision
 * @property {SpecChange[]} changes every change since the release
 * @property {{ dir: string, impact: ConsumerImpact | undefined } | undefined} consumers the recordings given with
 *   `--consumers`, and whom the breaking changes concern (undefined when nothing was released to compare with)
 */

/**
 * The gate's report in a format.
 * @param {ReportFormat} format
 * @param {GateReportInput} input
 * @returns {string}
 */
export function gateReport(format, input) {
  if (format === 'json') return JSON.stringify(gateJson(input), null, 2);
  if (format === 'markdown') return gateMarkdown(input);
  if (!input.consumers) return input.result.report;
  return `${input.result.report}\n\n${consumersText(input.consumers)}`;
}

/**
 * @param {GateReportInput} input
 */
function gateJson({ result, changes, consumers }) {
  return {
    ok: result.ok,
    baseline: result.baseline ?? null,
    conclusion: result.conclusion,
    changes,
    consumers: consumers ? (consumers.impact ?? { dir: consumers.dir, judged: false }) : null,
  };
}

/**
 * Whom the breaking changes concern, as text: the recordings read, then each breaking change with the consumers it
 * breaks and those that exercise it, an exchange of each shown.
 * @param {NonNullable<GateReportInput['consumers']>} consumers
 */
function consumersText({ dir, impact }) {
  if (!impact) return `The consumer recordings in ${dir} are not judged: no released spec to compare them with.`;
  const lines = [recordingsRead(impact, (name) => name)];
  if (impact.problems.length > 0) {
    lines.push(`${impact.problems.length} line(s) could not be read:`);
    for (const { file, line, message } of impact.problems) lines.push(`  ${file}:${line}: ${message}`);
  }
  if (impact.outside.length > 0) {
    lines.push('Exchanges no operation of the released spec answers, not judged:');
    for (const tally of impact.outside) lines.push(`  ${tallyText(tally)}`);
  }
  if (impact.changes.length === 0) lines.push('No breaking change: the recorded consumers are not broken.');
  else lines.push('Whom each breaking change breaks:');
  for (const { change, hidden, breaks, exercises } of impact.changes) {
    lines.push(`  ${change.rule}  ${change.location}`);
    if (hidden) lines.push(`    not visible in recordings: ${hidden}; it stays breaking`);
    else if (breaks.length + exercises.length === 0)
      lines.push('    no recorded consumer exercises it; it stays breaking');
    for (const [label, tallies] of /** @type {const} */ ([
      ['breaks', breaks],
      ['exercised, not shown broken, by', exercises],
    ])) {
      if (tallies.length === 0) continue;
      lines.push(`    ${label} ${consumerCount(tallies)}: ${tallies.map(tallyCount).join(', ')}`);
      for (const tally of tallies) lines.push(`      ${exampleText(tally)}`);
    }
  }
  if (impact.unexplained.length > 0) {
    lines.push('Exchanges that break the new spec where no breaking change explains it:');
    for (const tally of impact.unexplained) lines.push(`  ${tallyText(tally)}`);
  }
  return lines.join('\n');
}

/**
 * The gate's report as a pull-request comment: the decision, the breaking changes with whom they break, the others.
 * @param {GateReportInput} input
 */
function gateMarkdown({ result, changes, consumers }) {
  const breaking = changes.filter((c) => c.kind === 'breaking');
  const others = changes.filter((c) => c.kind !== 'breaking');
  const out = [`## Spec gate: ${result.ok ? 'OK' : 'FAIL'}`, ''];
  if (result.baseline && changes.length > 0) {
    out.push(
      `Compared with \`${result.baseline}\`: ${changes.length} change(s), ${breaking.length} breaking, ` +
        `${others.length} non-breaking.`,
      '',
    );
  }
  out.push(...result.conclusion.split('\n').map((line) => (line === '' ? line : `> ${line}`)), '');
  const impact = consumers?.impact;
  if (consumers && !impact) {
    out.push(
      `The consumer recordings in \`${consumers.dir}\` are not judged: no released spec to compare them with.`,
      '',
    );
  }
  if (impact) out.push(...consumersMarkdown(impact));
  else if (breaking.length > 0) {
    out.push('### Breaking changes', '', '| Change | Where |', '|---|---|');
    for (const change of breaking) out.push(`| ${changeCell(change)} | ${code(change.location)} |`);
    out.push('');
  }
  if (others.length > 0) {
    out.push('### Other changes', '', '| Change | Where |', '|---|---|');
    for (const change of others) out.push(`| ${changeCell(change)} | ${code(change.location)} |`);
    out.push('');
  }
  return out.join('\n');
}

/**
 * @param {ConsumerImpact} impact
 * @returns {string[]}
 */
function consumersMarkdown(impact) {
  const out = [recordingsRead(impact, code), ''];
  if (impact.changes.length > 0) {
    out.push(
      '### Breaking changes and the consumers they break',
      '',
      '| Change | Where | Breaks | Exercised, not shown broken |',
      '|---|---|---|---|',
    );
    for (const { change, hidden, breaks, exercises } of impact.changes) {
      const broken = hidden
        ? `not visible in recordings: ${hidden}`
        : breaks.length + exercises.length === 0
          ? 'no recorded consumer exercises it'
          : tallyCell(breaks);
      const exercised = hidden ? '' : tallyCell(exercises);
      out.push(`| ${changeCell(change)} | ${code(change.location)} | ${cell(broken)} | ${exercised} |`);
    }
    out.push('');
    const shown = impact.changes.filter((c) => c.breaks.length + c.exercises.length > 0);
    if (shown.length > 0) {
      out.push('<details><summary>An exchange of each consumer</summary>', '');
      for (const { change, breaks, exercises } of shown) {
        out.push(`- ${code(change.rule)} at ${code(change.location)}:`);
        for (const tally of [...breaks, ...exercises]) out.push(`  - ${exampleMarkdown(tally)}`);
      }
      out.push('', '</details>', '');
    }
  } else out.push('No breaking change: the recorded consumers are not broken.', '');
  for (const [title, tallies] of /** @type {const} */ ([
    ['Exchanges that break the new spec where no breaking change explains it', impact.unexplained],
    ['Exchanges no operation of the released spec answers (not judged)', impact.outside],
  ])) {
    if (tallies.length === 0) continue;
    out.push(`${title}:`, '', ...tallies.map((tally) => `- ${exampleMarkdown(tally)}`), '');
  }
  if (impact.problems.length > 0) {
    out.push(`Lines that could not be read (${impact.problems.length}):`, '');
    for (const { file, line, message } of impact.problems) out.push(`- ${code(`${file}:${line}`)}: ${message}`);
    out.push('');
  }
  return out;
}

/**
 * The sentence that says which recordings were read.
 * @param {ConsumerImpact} impact
 * @param {(text: string) => string} name how a name is shown
 */
function recordingsRead(impact, name) {
  if (impact.consumers.length === 0) return `No consumer recordings in ${name(impact.dir)}: it holds no *.jsonl file.`;
  const list = impact.consumers.map((c) => `${c.name} (${plural(c.exchanges, 'exchange')})`).join(', ');
  const total = impact.consumers.reduce((sum, c) => sum + c.exchanges, 0);
  const none = total === 0 ? '; none holds an exchange' : '';
  return `Consumer recordings read from ${name(impact.dir)}: ${list}${none}.`;
}

/** @param {ConsumerTally[]} tallies */
function consumerCount(tallies) {
  return plural(tallies.length, 'consumer');
}

/** @param {ConsumerTally} tally */
function tallyCount(tally) {
  return `${tally.consumer} (${plural(tally.exchanges, 'exchange')})`;
}

/** @param {ConsumerTally[]} tallies */
function tallyCell(tallies) {
  return tallies.length === 0 ? 'none' : cell(`${consumerCount(tallies)}: ${tallies.map(tallyCount).join(', ')}`);
}

/** @param {ConsumerTally} tally */
function tallyText(tally) {
  const { file, line, why } = tally.example;
  return `${tallyCount(tally)}, e.g. ${file}:${line} ${exchangeLine(tally.example)}: ${why}`;
}

/** @param {ConsumerTally} tally */
function exampleText({ consumer, example }) {
  return `${consumer}: ${example.file}:${example.line} ${exchangeLine(example)}: ${example.why}`;
}

/** @param {ConsumerTally} tally */
function exampleMarkdown({ consumer, exchanges, example }) {
  const where = code(`${example.file}:${example.line}`);
  return `${consumer} (${plural(exchanges, 'exchange')}), ${where} ${code(exchangeLine(example))}: ${example.why}`;
}

/** @param {import('./consumer-impact/consumer-impact.js').ExchangeExample} example */
function exchangeLine({ method, target, status }) {
  return `${method} ${target} -> ${status === 0 ? 'no answer' : status}`;
}

/** @param {SpecChange} change */
function changeCell(change) {
  return `${code(change.rule)}: ${cell(change.message)}`;
}

/** Text in a table cell: a `|` would end the cell. @param {string} text */
function cell(text) {
  return text.replaceAll('|', '\\|');
}

/** Text as code: a backquote in it would end the span, a `|` a table cell. @param {string} text */
function code(text) {
  return `\`${cell(text.replaceAll('`', "'"))}\``;
}

/** @param {number} n @param {string} noun */
function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

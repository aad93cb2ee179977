// README.md's rule table is the documentation of the gate: it must list every rule the classifier can report, with
// its level, the oasdiff rules each corpus pair models, and a reason for every deliberate difference.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANGE_RULES } from '../src/spec-changes/change-rules.js';
import { breakingChangeCorpus as corpus, describeAgreement, judgePair } from './corpus/breaking-change-corpus.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const TABLE_HEADER = '| Rule id | Breaking | When | oasdiff rules it matches | Deliberate difference from oasdiff |';

/**
 * The rows of the rule table, by rule id.
 * @returns {Map<string, { breaking: string, oasdiff: string, difference: string }>}
 */
function ruleTable() {
  const lines = README.slice(README.indexOf(TABLE_HEADER)).split('\n').slice(2);
  const rows = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('|')),
  );
  return new Map(
    rows.map((row) => {
      const [id = '', breaking = '', , oasdiff = '', difference = ''] = row
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return [id.replaceAll('`', ''), { breaking, oasdiff, difference }];
    }),
  );
}

/**
 * The rule ids a cell names, `{a,b}` expanded (`request-{body,property}-x` names two) and `*` kept as a wildcard.
 * @param {string} cell
 * @returns {RegExp[]}
 */
function namedRules(cell) {
  /** @param {string} token @returns {string[]} */
  const expand = (token) => {
    const group = /\{([^{}]*)\}/.exec(token);
    if (!group) return [token];
    const [before, after] = [token.slice(0, group.index), token.slice(group.index + group[0].length)];
    return (group[1] ?? '').split(',').flatMap((choice) => expand(before + choice + after));
  };
  return [...cell.matchAll(/`([a-z0-9{},*-]+)`/g)]
    .flatMap((match) => expand(match[1] ?? ''))
    .map((rule) => new RegExp(`^${rule.replaceAll('*', '[a-z-]*')}$`));
}

/** @param {string} cell @param {string} rule */
const names = (cell, rule) => namedRules(cell).some((pattern) => pattern.test(rule));

const table = ruleTable();

describe("README.md's rule table", () => {
  it('lists every rule the classifier can report, and no other', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(CHANGE_RULES).sort());
  });

  it('gives each rule its level in change-rules.js (Breaking: yes or no)', () => {
    const levels = [...table].map(([id, row]) => [id, row.breaking === 'yes' ? 'breaking' : 'non-breaking']);
    expect(Object.fromEntries(levels)).toEqual(CHANGE_RULES);
  });

  it('names, in the row of the rule a corpus pair expects, the oasdiff rule the pair models', () => {
    const unnamed = corpus.filter(
      (pair) =>
        pair.rule !== null && pair.oasdiff !== 'none' && !names(table.get(pair.rule)?.oasdiff ?? '', pair.oasdiff),
    );
    expect(unnamed.map((pair) => `${pair.rule}: ${pair.oasdiff}`)).toEqual([]);
  });

  it("quotes the corpus's agreement as the corpus test prints it", () => {
    const line = describeAgreement(corpus.map(judgePair));
    expect(README).toContain(line);
    expect(README).toContain(`runs ${corpus.length} base/revision pairs`);
  });

  it('explains every deliberate difference of the corpus in that row', () => {
    const unexplained = corpus.filter((pair) => {
      const difference = pair.rule === null ? '' : (table.get(pair.rule)?.difference ?? '');
      return pair.difference && (pair.oasdiff === 'none' ? difference === '' : !names(difference, pair.oasdiff));
    });
    expect(unexplained.map((pair) => `${pair.rule}: ${pair.id}`)).toEqual([]);
  });
});

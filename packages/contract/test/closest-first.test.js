// The names a message offers for a typo: every name closest first (an operation, an example, a status), and the one
// a mistyped flag, command or operation most likely meant, or none when nothing is close.
import { describe, expect, it } from 'vitest';
import { meantFlag } from '../src/command-line.js';
import { closestFirst, didYouMean, meantName } from '../src/model/closest-first.js';

describe('closestFirst', () => {
  it('orders by edit distance, a swap of neighbours costing one, case ignored, ties in their order', () => {
    expect(closestFirst('getRfiCas', ['listRfiCases', 'getUser', 'getRfiCase'])).toEqual([
      'getRfiCase',
      'listRfiCases',
      'getUser',
    ]);
    expect(closestFirst('rfiNotOpne', ['rfiItemAlreadyApproved', 'rfiNotOpen'])).toEqual([
      'rfiNotOpen',
      'rfiItemAlreadyApproved',
    ]);
    expect(closestFirst('abc', ['xyc', 'bac'])).toEqual(['bac', 'xyc']);
    expect(closestFirst('490', ['500', '400', '409'])).toEqual(['400', '409', '500']);
    expect(closestFirst('CLOSEDCASE', ['openCase', 'closedCase'])).toEqual(['closedCase', 'openCase']);
    expect(closestFirst('x', [])).toEqual([]);
  });
});

describe('meantName', () => {
  it('names the closest when it is a few edits away, or the one name that starts with what was typed', () => {
    expect(meantName('prot', ['host', 'port', 'journal'])).toBe('port');
    expect(meantName('journal-sise', ['journal', 'journal-size'])).toBe('journal-size');
    expect(meantName('failonviolation', ['strict', 'fail-on-violation'])).toBe('fail-on-violation');
    expect(meantName('dyn', ['dynamic', 'seed'])).toBe('dynamic');
    expect(meantName('exce', ['exec'])).toBe('exec');
  });

  it('names none when nothing is close, or when the start of what was typed fits several', () => {
    expect(meantName('bogus', ['host', 'port', 'journal'])).toBeUndefined();
    expect(meantName('journ', ['journal', 'journal-size'])).toBeUndefined();
    expect(meantName('npm', ['exec'])).toBeUndefined();
    expect(meantName('x', [])).toBeUndefined();
  });
});

describe('meantFlag', () => {
  it('reads a flag as typed, with one dash or two and a value, and answers it as a flag', () => {
    expect(meantFlag('--prot', ['port', 'host'])).toBe('--port');
    expect(meantFlag('-port', ['port', 'host'])).toBe('--port');
    expect(meantFlag('--Stat=file', ['state', 'save-state'])).toBe('--state');
    expect(meantFlag('--hlep', ['port'])).toBe('--help');
  });

  it('guesses nothing for a letter: every letter is one edit from every other', () => {
    expect(meantFlag('-x', ['port', 'host'])).toBeUndefined();
    expect(meantFlag('-p', ['port'])).toBeUndefined();
  });
});

describe('didYouMean', () => {
  const operations = ['createAccessToken', 'listRfiCases', 'getRfiCase', 'answerRfiQuestion'];

  it('names the one meant when the name is a typo of it', () => {
    expect(didYouMean('getRfiCas', operations)).toBe('did you mean getRfiCase?');
    expect(didYouMean('answerRfiQuestoin', operations)).toBe('did you mean answerRfiQuestion?');
    expect(didYouMean('rfiid', ['rfiId'])).toBe('did you mean rfiId?');
  });

  it('lists every name, the closest first, when none is close enough to be meant', () => {
    expect(didYouMean('refundPayment', operations)).toBe(
      `it has ${closestFirst('refundPayment', operations).join(', ')}`,
    );
    expect(didYouMean('caseId', ['rfiId'])).toBe('it has rfiId');
    expect(didYouMean('anything', [])).toBe('there is none');
  });
});

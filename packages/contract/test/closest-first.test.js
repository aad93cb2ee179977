import { describe, expect, it } from 'vitest';
import { closestFirst, didYouMean } from '../src/contract.js';

describe('closestFirst', () => {
  it('orders names by edit distance to the one asked for, a swap of neighbours costing one, case ignored', () => {
    expect(closestFirst('getRfiCas', ['listRfiCases', 'getUser', 'getRfiCase'])).toEqual([
      'getRfiCase',
      'listRfiCases',
      'getUser',
    ]);
    expect(closestFirst('abc', ['xyc', 'bac'])).toEqual(['bac', 'xyc']);
    expect(closestFirst('CLOSEDCASE', ['openCase', 'closedCase'])).toEqual(['closedCase', 'openCase']);
    expect(closestFirst('x', [])).toEqual([]);
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

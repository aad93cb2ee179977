// The answer check stage: an answer against its operation's documented responses, and the verdicts it remembers, so
// that the same bytes sent again are judged once, and never an answer that differs where the check reads it.
import { describe, expect, it } from 'vitest';
import { createContract } from '../src/contract.js';
import { checkAnswer } from '../src/server/pipeline/check-answer.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = createContract(smallContractDocument());
const putItem = /** @type {import('../src/contract.js').ContractOperation} */ (contract.operation('putItem'));
const ITEM = '{"name":"kept"}';

describe('checkAnswer', () => {
  it('judges an answer by its status, the headers its response documents, its type and its body', () => {
    expect(checkAnswer(contract, putItem, { status: 200, headers: { 'X-Count': '1' }, text: ITEM })).toEqual({
      violations: [],
      undocumented: false,
    });
    const broken = checkAnswer(contract, putItem, { status: 200, headers: { 'X-Count': 'many' }, text: '{}' });
    expect(broken.violations.map(({ location, name, rule }) => `${location} ${name} ${rule}`)).toEqual([
      'header X-Count type',
      'body name required',
    ]);
  });

  it('remembers a verdict by the text, and gives it again for the same bytes, status and headers it reads', () => {
    const answer = { status: 200, headers: { 'X-Count': 'none' }, text: '{"name":"remembered"}' };
    const first = checkAnswer(contract, putItem, answer);
    // A new string with the same bytes, and a header the check does not read: the same verdict, not judged again.
    const again = checkAnswer(contract, putItem, {
      ...answer,
      headers: { ...answer.headers, Date: new Date().toUTCString() },
      text: JSON.stringify({ name: 'remembered' }),
    });
    expect(again).toBe(first);
    expect(first.violations).toEqual([expect.objectContaining({ location: 'header', name: 'X-Count' })]);
    // Its violations cannot be changed by one exchange for all the others.
    expect(() => first.violations.push(first.violations[0])).toThrow(TypeError);
  });

  it('judges the same text anew under another status or another value of a header the check reads', () => {
    const text = '{"code":"SMALL_ERROR","message":"bad"}';
    const asOk = checkAnswer(contract, putItem, { status: 200, headers: { 'X-Count': '1' }, text });
    expect(asOk.violations.map((violation) => violation.rule)).toEqual(['required']);
    expect(checkAnswer(contract, putItem, { status: 415, headers: {}, text }).violations).toEqual([]);
    const counted = checkAnswer(contract, putItem, { status: 200, headers: { 'X-Count': 'x' }, text: ITEM });
    expect(counted.violations.map((violation) => violation.name)).toEqual(['X-Count']);
    expect(checkAnswer(contract, putItem, { status: 200, headers: { 'x-count': '2' }, text: ITEM }).violations).toEqual(
      [],
    );
  });

  it('holds an undocumented error of an operation that documents none to the envelope, as undocumented', () => {
    const special = /** @type {import('../src/contract.js').ContractOperation} */ (contract.operation('special'));
    const text = '{"code":"UNAUTHORIZED","message":"no token"}';
    expect(checkAnswer(contract, special, { status: 401, headers: {}, text })).toEqual({
      violations: [],
      undocumented: true,
    });
    expect(checkAnswer(contract, special, { status: 401, headers: {}, text: '{}' }).violations).not.toEqual([]);
  });
});

import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { exampleSeed } from '../src/example-fixtures.js';
import { ACCOUNT_IDS, SEED_IDS, seedData } from '../src/seed.js';
import { createStore } from '../src/store.js';

/** The start-up seed's records, as an emulator of the bundled spec makes them. */
const startUpSeed = () => seedData(exampleSeed(loadContract()), ACCOUNT_IDS, SEED_IDS);

describe('the store keeps frozen records and changes them on copies', () => {
  it('a record read from the store cannot be changed in place, nested items included', () => {
    const store = createStore(startUpSeed());
    const rfiCase = /** @type {Record<string, any>} */ (
      store.find('rfiCases', ACCOUNT_IDS.primary, SEED_IDS.openRfiId)
    );
    expect(() => {
      rfiCase.status = 'CLOSED';
    }).toThrow(TypeError);
    expect(() => {
      rfiCase.questions[0].answer = 'in place';
    }).toThrow(TypeError);
    expect(Object.isFrozen(store.account(ACCOUNT_IDS.primary)?.account)).toBe(true);
  });

  it('update replaces the record with a changed copy and leaves what was read before as it was', () => {
    const store = createStore(startUpSeed());
    const before = /** @type {Record<string, any>} */ (store.find('rfiCases', ACCOUNT_IDS.primary, SEED_IDS.openRfiId));
    const question = store.update('rfiCases', SEED_IDS.openRfiId, (draft) =>
      Object.assign(draft.questions[0], { answer: 'on the copy' }),
    );
    const after = /** @type {Record<string, any>} */ (store.find('rfiCases', ACCOUNT_IDS.primary, SEED_IDS.openRfiId));
    expect(before.questions[0].answer).toBeUndefined();
    expect(after.questions[0].answer).toBe('on the copy');
    expect(question).toBe(after.questions[0]);
    expect(Object.isFrozen(question)).toBe(true);
  });

  it('a change that throws leaves the record as it was', () => {
    const store = createStore(startUpSeed());
    const before = store.find('rfiCases', ACCOUNT_IDS.primary, SEED_IDS.openRfiId);
    expect(() =>
      store.update('rfiCases', SEED_IDS.openRfiId, (draft) => {
        draft.status = 'CLOSED';
        throw new Error('refused halfway');
      }),
    ).toThrow('refused halfway');
    expect(store.find('rfiCases', ACCOUNT_IDS.primary, SEED_IDS.openRfiId)).toBe(before);
  });

  it('updateAccount changes an account record the same way; an unknown id is an error, not a silent no-op', () => {
    const store = createStore(startUpSeed());
    store.updateAccount(ACCOUNT_IDS.primary, (draft) => Object.assign(draft, { status: 'SUBMITTED' }));
    expect(store.account(ACCOUNT_IDS.primary)?.account.status).toBe('SUBMITTED');
    expect(() => store.update('users', 'no-such-user', () => undefined)).toThrow(/no users record no-such-user/);
    expect(() => store.updateAccount('no-such-account', () => undefined)).toThrow(/no account no-such-account/);
  });
});

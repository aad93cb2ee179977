// Issue 25: the emulator answers from its state, never from a `Prefer` header (the mock's way of choosing an answer).
// It sends no Preference-Applied, and the request's journal entry says the preference was not applied, so that a test
// moved from the mock does not change its meaning unseen.
import { describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

describe('a request carrying Prefer', () => {
  const ctx = useEmulator();
  const lastEntry = () => ctx.emulator.requests().at(-1);

  it('gets the answer of the state, no Preference-Applied, and a note in the journal', async () => {
    const read = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`, { headers: { Prefer: 'code=429' } });
    expect(read.status).toBe(200);
    expect(read.headers.has('preference-applied')).toBe(false);
    expect(lastEntry()?.notes).toEqual([
      'Prefer: code=429 was not applied: the emulator answers from its state ' +
        '(steer it through /_emulator: faults, cases, tokens)',
    ]);
    await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`);
    expect(lastEntry()?.notes).toEqual([]);
  });

  it('is noted also when the state refuses it, every Prefer header named', async () => {
    const read = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.otherAccountRfiId}`, {
      headers: { Prefer: 'example=otherAccountCase' },
    });
    expect(read.status).toBe(404);
    expect(read.headers.has('preference-applied')).toBe(false);
    expect(lastEntry()?.notes[0]).toMatch(/^Prefer: example=otherAccountCase was not applied: /);
    const viaHttp = await (await fetch(`${ctx.emulator.url}/_emulator/requests?operationId=getRfiCase`)).json();
    expect(viaHttp.items.at(-1).notes).toEqual(lastEntry()?.notes);
  });
});

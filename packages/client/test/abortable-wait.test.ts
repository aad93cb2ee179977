import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortable, sleep } from '../src/abortable-wait.js';

// The waits of a call listen to its signal; a signal may outlive many waits (a client's, a worker's), so each
// wait must take its listener away once it is over.
describe('abortable waits', () => {
  it('take their listener away once the wait is over', async () => {
    const signal = new AbortController().signal;
    for (let wait = 0; wait < 50; wait++) await abortable(Promise.resolve(wait), signal);
    await abortable(Promise.reject(new Error('failed')), signal).catch(() => undefined);
    await sleep(1, signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it("reject with the signal's reason, at once and when already aborted", async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(abortable(new Promise(() => {}), controller.signal)).rejects.toThrow('stop');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

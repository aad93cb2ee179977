import { describe, expect, it } from 'vitest';
import { waitForQuiet } from '../src/machine.js';

describe('waitForQuiet', () => {
  it('looks again until the load falls to the quiet level, saying what it waits for each time', async () => {
    const loads = [3.2, 1.4, 0.6, 0.1];
    /** @type {string[]} */
    const said = [];
    const load = await waitForQuiet({
      quietLoad: 1,
      maxMs: 10_000,
      log: (message) => said.push(message),
      readLoad: () => /** @type {number} */ (loads.shift()),
      sampleMs: 1,
    });
    expect(load).toBe(0.6);
    expect(loads).toEqual([0.1]);
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/^waiting for a quiet machine: 1-minute load 3\.20, wanted 1 \(\d+ s left\)$/);
  });

  it('measures anyway once its time is up, with the load it found', async () => {
    let looks = 0;
    const readLoad = () => {
      looks += 1;
      return 5;
    };
    const load = await waitForQuiet({ quietLoad: 1, maxMs: 30, log: () => {}, readLoad, sampleMs: 5 });
    expect(load).toBe(5);
    expect(looks).toBeGreaterThan(1);
    expect(looks).toBeLessThan(20);
  });
});

// The test job as CI sees it: a command whose output holds a failure that is no failed test must turn the
// closing line's failed count above 0 and the job's status to 1 (CI red).
import { describe, expect, it } from 'vitest';
import { runTestJob } from '../src/test-job.js';

/** A stand-in for turbo that prints a captured run and exits as that run did. */
/** @param {string} fixture @param {number} exitStatus */
const replay = (fixture, exitStatus) => {
  const file = JSON.stringify(new URL(`./fixtures/turbo-run-${fixture}.txt`, import.meta.url).pathname);
  return ['-e', `process.stdout.write(require('fs').readFileSync(${file}, 'utf8')); process.exitCode = ${exitStatus};`];
};

/** @param {string} fixture @param {number} exitStatus */
async function job(fixture, exitStatus) {
  /** @type {string[]} */
  const lines = [];
  const result = await runTestJob(process.execPath, replay(fixture, exitStatus), {
    cwd: process.cwd(),
    env: process.env,
    log: (line) => lines.push(line),
    echo: null,
  });
  return { ...result, closing: lines.at(-1) };
}

describe('runTestJob', () => {
  it('a passing run ends with 0 failed and status 0', async () => {
    const { status, closing } = await job('passing', 0);
    expect(closing).toBe('1 passed, 0 failed, 1 skipped');
    expect(status).toBe(0);
  });

  it.for(['broken-suite', 'empty-project', 'crash'])('%s: failed count above 0 and status 1', async (fixture) => {
    const { status, closing } = await job(fixture, 1);
    expect(closing).toMatch(/^\d+ passed, [1-9]\d* failed, \d+ skipped$/);
    expect(status).toBe(1);
  });

  it('a run that printed a failure but exited 0 is still red', async () => {
    const { status, summary } = await job('broken-suite', 0);
    expect(summary.failed).toBeGreaterThan(0);
    expect(status).toBe(1);
  });
});

// Issue 32: two test files really running at once (the README's vitest settings, on two cores) against one emulator,
// each in a tenant of its own: one moves its clock past its token's lifetime and restores a snapshot of its tenant;
// the other's token, records, events (to its own webhook URL) and requests stay as they were. Each file waits for the
// other, so both pass only if they ran at the same time.
import { expect, it } from 'vitest';
import { runFilesAtOnce } from './support/run-files-at-once.js';

it('runs the two files of test/parallel-worlds/ at once, and neither sees the other move its world', async () => {
  const { code, results, stderr } = await runFilesAtOnce(new URL('parallel-worlds/', import.meta.url));
  expect(results, stderr).toEqual([
    ['keeps-its-world.test.js', 'passed'],
    ['moves-its-world.test.js', 'passed'],
  ]);
  expect(code).toBe(0);
});

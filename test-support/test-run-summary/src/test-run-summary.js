import { stripVTControlCharacters } from 'node:util';

// `npm test` is one turbo run of many tasks (lint, build, check and one vitest per package); CI and people read
// one closing line for all of it. That line must count every failure, including those that print no vitest
// "Tests" line: a test file that failed to load, an unhandled error, a crash, a lint or type error, a vitest
// project that found no test files. It reads turbo's output, where each task's lines carry a `pkg:task: ` prefix.

/** `@payments-connect/client:test: …` (turbo's prefix of a task's lines); the task id is `pkg#task`. */
const TASK_LINE = /^(\S+?):([\w:-]+): ?(.*)$/;
/** Vitest's per-run summary lines. */
const TESTS_LINE = /^\s*Tests\s+(.+?)\s+\(\d+\)\s*$/;
const FILES_LINE = /^\s*Test Files\s+(.+?)\s+\(\d+\)\s*$/;
const ERRORS_LINE = /^\s*(?:Type )?Errors\s+(\d+) errors?\b/;
const COUNT = /(\d+) (passed|failed|skipped|todo)/g;
/** Turbo's closing list of failed tasks, and its line for each failed command. */
const FAILED_TASKS_LINE = /^\s*Failed:\s+(.+)$/;
const TASK_ERROR_LINE = /^(\S+#[\w:-]+):\s+ERROR\s+command\b/;

/**
 * @typedef {object} TaskResult
 * @property {boolean} vitest the task printed vitest's "Tests" line
 * @property {number} passed
 * @property {number} failed failed tests
 * @property {number} skipped skipped and todo tests
 * @property {number} failedFiles test files vitest reports as failed
 * @property {number} errors unhandled errors and type errors vitest reports
 */

/**
 * @typedef {object} TestRunSummary
 * @property {number} passed
 * @property {number} failed every failure: failed tests plus failures that are no failed test
 * @property {number} skipped
 * @property {number} vitestRuns
 * @property {string[]} failures one line per failure that is not a failed test, naming the task
 */

/** @returns {TaskResult} */
const emptyTask = () => ({ vitest: false, passed: 0, failed: 0, skipped: 0, failedFiles: 0, errors: 0 });

/**
 * @param {string} counts e.g. `1 failed | 11 passed | 2 skipped`
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
function parseCounts(counts) {
  const result = { passed: 0, failed: 0, skipped: 0 };
  for (const [, n, kind] of counts.matchAll(COUNT)) {
    if (kind === 'todo' || kind === 'skipped') result.skipped += Number(n);
    else result[/** @type {'passed' | 'failed'} */ (kind)] += Number(n);
  }
  return result;
}

/**
 * Reads a turbo run's output and counts tests and failures.
 * @param {string} output everything the run printed (colours are ignored)
 * @param {{ exitStatus: number, testsExpected?: boolean }} run how the run ended; `testsExpected: false` for a run
 *   that may rightly test nothing (`test:quick` when no package changed), which then passes
 * @returns {TestRunSummary}
 */
export function summarizeTestRun(output, { exitStatus, testsExpected = true }) {
  /** @type {Map<string, TaskResult>} */
  const tasks = new Map();
  /** @type {Set<string>} */
  const failedTasks = new Set();
  const taskOf = (/** @type {string} */ id) => {
    let task = tasks.get(id);
    if (!task) {
      task = emptyTask();
      tasks.set(id, task);
    }
    return task;
  };

  for (const raw of stripVTControlCharacters(output).split('\n')) {
    const failedList = FAILED_TASKS_LINE.exec(raw);
    if (failedList) {
      for (const id of failedList[1].split(',')) if (id.trim()) failedTasks.add(id.trim());
      continue;
    }
    const taskError = TASK_ERROR_LINE.exec(raw);
    if (taskError) {
      failedTasks.add(taskError[1]);
      continue;
    }
    const prefixed = TASK_LINE.exec(raw);
    const id = prefixed ? `${prefixed[1]}#${prefixed[2]}` : '(no task)';
    const line = prefixed ? prefixed[3] : raw;
    const tests = TESTS_LINE.exec(line);
    if (tests) {
      const task = taskOf(id);
      const counts = parseCounts(tests[1]);
      task.vitest = true;
      task.passed += counts.passed;
      task.failed += counts.failed;
      task.skipped += counts.skipped;
      continue;
    }
    const files = FILES_LINE.exec(line);
    if (files) {
      taskOf(id).failedFiles += parseCounts(files[1]).failed;
      continue;
    }
    const errors = ERRORS_LINE.exec(line);
    if (errors) taskOf(id).errors += Number(errors[1]);
  }

  const summary = { passed: 0, failed: 0, skipped: 0, vitestRuns: 0, failures: /** @type {string[]} */ ([]) };
  for (const [id, task] of tasks) {
    summary.passed += task.passed;
    summary.failed += task.failed;
    summary.skipped += task.skipped;
    if (task.vitest) summary.vitestRuns += 1;
    // A file that failed to load, or whose hooks failed, fails no test of its own: count the file.
    if (task.failedFiles > 0 && task.failed === 0) {
      summary.failed += task.failedFiles;
      summary.failures.push(
        `${id}: ${task.failedFiles} test file(s) failed without a failed test (a load or hook error)`,
      );
    }
    if (task.errors > 0) {
      summary.failed += task.errors;
      summary.failures.push(`${id}: ${task.errors} unhandled or type error(s)`);
    }
  }
  for (const id of [...failedTasks].sort()) {
    const task = tasks.get(id);
    if (task && (task.failed > 0 || task.failedFiles > 0 || task.errors > 0)) continue;
    summary.failed += 1;
    summary.failures.push(
      task?.vitest
        ? `${id}: failed although no test failed (a vitest project with no test files, or a reporter's verdict)`
        : `${id}: failed without a test result (a crash, a lint, type or build error, or no test file found)`,
    );
  }
  if (exitStatus !== 0 && summary.failed === 0) {
    summary.failed = 1;
    summary.failures.push(`the run exited with status ${exitStatus} and named no failed task`);
  }
  if (exitStatus === 0 && summary.vitestRuns === 0 && testsExpected) {
    summary.failed += 1;
    summary.failures.push('no vitest run printed a result: nothing was tested');
  }
  return summary;
}

/**
 * The closing line, in the plain form CI reads: `N passed, N failed, N skipped`.
 * @param {TestRunSummary} summary
 */
export const closingLine = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

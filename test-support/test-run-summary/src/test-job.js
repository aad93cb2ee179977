import { spawn } from 'node:child_process';
import { closingLine, summarizeTestRun } from './test-run-summary.js';

/**
 * Runs the test job (turbo, in `npm test`), echoing its output live, then prints the failures that are no
 * failed test and the closing line. The job fails when the command did or when the summary counts a failure.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, log?: (line: string) => void,
 *   echo?: NodeJS.WritableStream | null, testsExpected?: boolean }} options
 *   `echo` receives the command's output as it comes (default: this process's stdout; null: none);
 *   `testsExpected: false` lets a run that tested nothing pass (see summarizeTestRun)
 * @returns {Promise<{ status: 0 | 1, summary: import('./test-run-summary.js').TestRunSummary }>}
 */
export function runTestJob(command, args, { cwd, env, log = console.log, echo = process.stdout, testsExpected }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['inherit', 'pipe', 'inherit'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      echo?.write(chunk);
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const exitStatus = code ?? (signal ? 128 : 1);
      const summary = summarizeTestRun(output, { exitStatus, testsExpected });
      log(`\n[test-run] ${summary.vitestRuns} vitest runs`);
      for (const failure of summary.failures) log(`[test-run] failure: ${failure}`);
      // One closing line for the whole workspace, in the plain form CI and humans read.
      log(closingLine(summary));
      resolve({ status: exitStatus !== 0 || summary.failed > 0 ? 1 : 0, summary });
    });
  });
}

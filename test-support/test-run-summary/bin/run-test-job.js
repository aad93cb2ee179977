#!/usr/bin/env node
// Runs a test command (turbo, in `npm test` and its tiers) and ends with the one closing line people and CI read:
// `N passed, N failed, N skipped`, every failure counted, also those that are no failed test. Exits 1 when the
// command failed or the line counts a failure. With --may-test-nothing, a run that tested nothing passes (the quick
// tier when no package changed).
import { runTestJob } from '../src/test-job.js';

const USAGE = 'usage: run-test-job [--may-test-nothing] <command> [args...]';

const args = process.argv.slice(2);
const mayTestNothing = args[0] === '--may-test-nothing';
const [command, ...commandArgs] = mayTestNothing ? args.slice(1) : args;
if (command === '--help' || command === '-h') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (command === undefined || command.startsWith('-')) {
  process.stderr.write(
    `run-test-job: ${command === undefined ? 'no command' : `unknown option '${command}'`}\n\n${USAGE}\n`,
  );
  process.exit(2);
}
const { status } = await runTestJob(command, commandArgs, {
  cwd: process.cwd(),
  env: process.env,
  testsExpected: !mayTestNothing,
});
process.exit(status);

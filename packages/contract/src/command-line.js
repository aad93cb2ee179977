// @payments-connect/contract/command-line: the kit every bin of the repository is written with (the mock's, the
// emulator's, the conformance suite's, the release tools'), so that they read flags, fail and run commands alike. A
// package face: it only names what `command-line/` exports.
export { dataError, EXIT_FAILURE, EXIT_USAGE, runFailure, usageError } from './command-line/command-errors.js';
export { execCommand } from './command-line/exec-command.js';
export { integerFlag, meantFlag, readFlags, readServerCommandLine } from './command-line/read-flags.js';
export { serveInForeground } from './command-line/serve-in-foreground.js';
export { SERVER_FLAGS, serverFlagsUsage, serverOptionsOf } from './command-line/server-flags.js';
export { writeEnvFile } from './command-line/write-env-file.js';

/**
 * @typedef {import('./command-line/command-errors.js').CommandLine} CommandLine
 * @typedef {import('./command-line/exec-command.js').ExecOptions} ExecOptions
 */

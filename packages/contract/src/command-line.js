// @payments-connect/contract/command-line: the kit every bin of the repository is written with (the mock's, the
// emulator's, the conformance suite's, the release tools'), so that they read flags, fail and run commands alike. A
// package face: it only names what `command-line/` exports, and the addresses a command prints. It loads no contract,
// no schema validator and no server, so that a usage error answers at once; a command loads its server once its flags
// hold.
export { dataError, EXIT_FAILURE, EXIT_USAGE, runFailure, usageError } from './command-line/command-errors.js';
export { execCommand } from './command-line/exec-command.js';
export { integerFlag, meantFlag, readFlags, readServerCommandLine } from './command-line/read-flags.js';
export { serveInForeground } from './command-line/serve-in-foreground.js';
export { SERVER_FLAGS, serverCommandUsage, serverFlagsUsage, serverOptionsOf } from './command-line/server-flags.js';
export { writeEnvFile } from './command-line/write-env-file.js';
export { COMMAND_PORTS, DEFAULT_HOST, DOCS_PATH } from './server/default-addresses.js';
export { isHttpUrl } from './server/http-url.js';

/**
 * @typedef {import('./command-line/command-errors.js').CommandLine} CommandLine
 * @typedef {import('./command-line/exec-command.js').ExecOptions} ExecOptions
 * @typedef {import('./command-line/serve-in-foreground.js').ServerVerdict} ServerVerdict
 */

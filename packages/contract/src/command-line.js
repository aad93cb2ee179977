// @payments-connect/contract/command-line: what the command of a server needs before, and around, what it serves:
// its flags and usage, its exit statuses, the settings file, `exec` and the foreground. Loads no contract, no schema
// validator and no server, so that a usage error answers at once; the command loads the server once its flags hold.
export {
  dataError,
  EXIT_FAILURE,
  EXIT_USAGE,
  integerFlag,
  meantFlag,
  readFlags,
  readServerCommandLine,
  runFailure,
  SERVER_FLAGS,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
  writeEnvFile,
} from './server/command-line.js';
export { COMMAND_PORTS, DEFAULT_HOST, DOCS_PATH } from './server/default-addresses.js';
export { execCommand } from './server/exec-command.js';
export { isHttpUrl } from './server/http-url.js';
export { serveInForeground } from './server/serve-in-foreground.js';

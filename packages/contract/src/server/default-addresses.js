/**
 * Where the servers of the contract listen unless told otherwise, named once so that their commands, their READMEs
 * and the docs' Try it console agree.
 */

/** Loopback only: a test double has no business on other interfaces unless asked. */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * The port each command listens on by default: the mock on Prism's customary 4010, so that URLs in other teams'
 * configurations keep working, and the emulator beside it. Started from code, a server takes a free port instead.
 */
export const COMMAND_PORTS = Object.freeze({ mock: 4010, emulator: 4020 });

/**
 * Where a server serves the rendered reference: one segment outside `/v1`, as the control prefixes are, so that it
 * never collides with a path of the contract. Without a trailing slash, as the contract's paths are written; the
 * console of the page reads this too, to send to the server that serves it.
 */
export const DOCS_PATH = '/_docs';

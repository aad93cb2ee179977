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

import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * What a test tier needs beyond npm packages and where it is looked for.
 * @typedef {object} ProgramToFind
 * @property {string} command The executable's name (`java`, `go`, `kotlinc`).
 * @property {string} homeVariable The environment variable that names its installation, whose `bin/` holds it.
 * @property {string} howToGet The one line that says how to get it, when none is found.
 */

/**
 * Finds a program the tests run: the one in `bin/` of the installation its home variable names (which must have
 * it), else the first on the PATH, where Debian's packages put theirs. Never installs anything; whether it is new
 * enough is for the caller to ask it.
 * @param {ProgramToFind} program
 * @param {Record<string, string | undefined>} env
 * @param {(path: string) => boolean} exists
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findProgram({ command, homeVariable, howToGet }, env, exists) {
  const home = env[homeVariable];
  if (home) {
    const named = join(home, 'bin', command);
    return exists(named)
      ? { path: named }
      : { path: undefined, reason: `${homeVariable}=${home} has no bin/${command}` };
  }
  const found = (env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => join(folder, command))
    .find((candidate) => exists(candidate));
  return found ? { path: found } : { path: undefined, reason: howToGet };
}

/**
 * The finder of one program, as its module exports it: `findProgram` of it, in this process's environment unless given
 * another.
 * @param {ProgramToFind} program
 * @returns {(env?: Record<string, string | undefined>, exists?: (path: string) => boolean) =>
 *   { path: string } | { path: undefined, reason: string }}
 */
export function programFinder(program) {
  return (env = process.env, exists = existsSync) => findProgram(program, env, exists);
}

/**
 * Whether this process may install Debian's packages itself: it runs as root on a machine with apt-get (CI).
 * @param {{ uid: number | undefined, hasAptGet: boolean }} machine
 */
export function canInstallFromDebian({ uid, hasAptGet }) {
  return uid === 0 && hasAptGet;
}

import { existsSync } from 'node:fs';
import { findProgram } from './find-program.js';

/** Debian's Go toolchain (1.19 in Debian 12): what CI installs to build and vet the reference's Go samples. */
export const DEBIAN_GO_PACKAGE = 'golang-go';

/** The environment variable that names a Go installation to use instead of the one on the PATH. */
export const GOROOT_VARIABLE = 'GOROOT';

/** The one line that says how to get Go when none can be found or installed here. */
export const HOW_TO_GET_GO =
  `no Go for the Go samples' tests: install Debian's (sudo apt-get install ${DEBIAN_GO_PACKAGE}), ` +
  `or set ${GOROOT_VARIABLE} to a Go 1.19 or later`;

/**
 * Finds the `go` that builds and vets the reference's Go samples: the one of the installation `GOROOT` names (which
 * must have one), else the first on the PATH (Debian's `golang-go` puts it there). Never installs anything.
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findGo(env = process.env, exists = existsSync) {
  return findProgram({ command: 'go', homeVariable: GOROOT_VARIABLE, howToGet: HOW_TO_GET_GO }, env, exists);
}

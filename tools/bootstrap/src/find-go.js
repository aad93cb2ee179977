import { programFinder } from './find-program.js';

/**
 * Go, which builds and vets the reference's Go samples: `GOROOT` names an installation, Debian's `golang-go` (1.19 in
 * Debian 12) is what CI installs.
 */
export const GO = /** @type {const} */ ({
  command: 'go',
  homeVariable: 'GOROOT',
  debianPackage: 'golang-go',
  howToGet:
    "no Go for the Go samples' tests: install Debian's (sudo apt-get install golang-go), " +
    'or set GOROOT to a Go 1.19 or later',
});

/** Finds the `go` that builds and vets the Go samples: `GOROOT`'s, else the first on the PATH. */
export const findGo = programFinder(GO);

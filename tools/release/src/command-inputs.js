// The inputs of the release commands, checked before anything runs: a wrong one is a usage error in one line (exit 2),
// never a stack trace from deep inside a step.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataError, usageError } from '@payments-connect/contract/command-line';
import { SPEC_DIR } from './release-constants.js';

/** @typedef {import('@payments-connect/contract/command-line').CommandLine} CommandLine */

/** This workspace's root, the commands' default `--root`. */
const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The repository root a command works on: `--root`, else this workspace. It must hold the spec package
 * (`spec/package.json`); with `git`, it must also be a git checkout (the gate reads its release tags, or a ref).
 * @param {CommandLine} command
 * @param {string | undefined} given the value of `--root`
 * @param {{ git?: boolean }} [needs]
 * @returns {string} the root, absolute
 */
export function repositoryRoot(command, given, { git = false } = {}) {
  const root = resolve(given ?? WORKSPACE_ROOT);
  const named = given === undefined ? root : `--root ${given}`;
  if (!existsSync(root) || !statSync(root).isDirectory()) usageError(command, `${named}: no such folder`);
  if (!existsSync(join(root, SPEC_DIR, 'package.json')))
    usageError(command, `${named}: no ${SPEC_DIR}/package.json there: give the root of this repository`);
  if (git) {
    try {
      execFileSync('git', ['rev-parse', '--git-dir'], { cwd: root, stdio: 'ignore' });
    } catch {
      usageError(command, `${named}: not a git checkout: the gate compares with the release tags of one`);
    }
  }
  return root;
}

/**
 * A JSON file a flag names, parsed: one that is not there, or holds no JSON, is said in one line (exit 2).
 * @param {CommandLine} command
 * @param {string} flag as typed (`--base-file`)
 * @param {string} file
 * @returns {any}
 */
export function jsonFileFlag(command, flag, file) {
  let text;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    const { code } = /** @type {NodeJS.ErrnoException} */ (error);
    return usageError(command, `${flag} ${file}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    return dataError(command, `${flag} ${file} is no JSON: ${/** @type {Error} */ (error).message}`);
  }
}

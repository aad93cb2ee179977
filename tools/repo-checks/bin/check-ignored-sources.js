#!/usr/bin/env node
// check-ignored-sources: fails when git ignores a file where sources live, since no clone would have it.
import { execFileSync } from 'node:child_process';
import { readCommandLine, runAsCommand, wrongInput } from '../src/command-line.js';
import { findIgnoredSources, SOURCE_ROOTS } from '../src/ignored-sources.js';

const COMMAND = {
  name: 'check-ignored-sources',
  usage: `usage: check-ignored-sources
  checks the git checkout the current folder is in
  -h, --help   this help`,
};

/**
 * The check, as its command line asks: exit 0 when no source is ignored, 1 when one is, 2 outside a git checkout.
 * @param {string[]} args
 */
export function main(args) {
  readCommandLine(COMMAND, args);
  let root = '';
  try {
    root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    wrongInput(COMMAND, `${process.cwd()} is in no git checkout: run it in the repository`);
  }
  const ignored = findIgnoredSources(root);
  for (const file of ignored) console.error(`ignored by git: ${file}`);
  if (ignored.length > 0) {
    console.error(
      `${ignored.length} file(s) under ${SOURCE_ROOTS.join(', ')} are ignored by git, ` +
        'so no clone or CI run has them: anchor the .gitignore pattern to the folder it means ' +
        '(git check-ignore -v FILE names it), or move the file',
    );
    process.exitCode = 1;
    return;
  }
  console.log('no source file is ignored by git');
}

await runAsCommand(import.meta.url, main);

#!/usr/bin/env node
// check-ignored-sources: fails when git ignores a file where sources live, since no clone would have it.
import { execFileSync } from 'node:child_process';
import { findIgnoredSources, SOURCE_ROOTS } from '../src/ignored-sources.js';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const ignored = findIgnoredSources(root);
for (const file of ignored) console.error(`ignored by git: ${file}`);
if (ignored.length > 0) {
  console.error(
    `${ignored.length} file(s) under ${SOURCE_ROOTS.join(', ')} are ignored by git, so no clone or CI run has them: ` +
      'anchor the .gitignore pattern to the folder it means (git check-ignore -v FILE names it), or move the file',
  );
  process.exit(1);
}
console.log('no source file is ignored by git');

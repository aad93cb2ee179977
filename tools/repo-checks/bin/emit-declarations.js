#!/usr/bin/env node
// emit-declarations: in a JavaScript package's folder, emits its declarations from its JSDoc (`tsc -p
// tsconfig.build.json`), then makes the types its entry files name re-exports of the modules that declare them (see
// src/type-reexports.js), so that a consumer's own declarations can name every type the package hands out.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { entryDeclarations, reexportTypeAliases } from '../src/type-reexports.js';

const packageDir = resolve(process.argv[2] ?? '.');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
// The package's own TypeScript, as `tsc` in its build script would be.
const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'inherit' });
} catch {
  process.exit(1);
}
const entries = entryDeclarations(manifest.exports);
if (entries.length === 0) {
  console.error(`${manifest.name}: its package.json exports no declaration file (a "types" condition)`);
  process.exit(1);
}
for (const entry of entries) {
  const file = join(packageDir, entry);
  const { text, reexported } = reexportTypeAliases(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  console.log(`${manifest.name}: ${entry} re-exports ${reexported.length} type(s) of its modules`);
}

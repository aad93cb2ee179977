#!/usr/bin/env node
// emit-declarations: in a JavaScript package's folder, emits its declarations from its JSDoc (`tsc -p
// tsconfig.build.json`), then makes the types its entry files name re-exports of the modules that declare them (see
// src/type-reexports.js), so that a consumer's own declarations can name every type the package hands out. A
// declaration file written by hand in src/ (what JSDoc cannot say: a module augmentation, naming the types the JSDoc
// declares) is copied beside the emitted ones, which tsc leaves to the source tree.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
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
const sources = join(packageDir, 'src');
const emitted = join(packageDir, 'dist/types');
for (const file of readdirSync(sources, { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.d.ts')) copyFileSync(join(sources, file), join(emitted, file));
}
// tsc points a `/// <reference path>` of a source at the source tree; the copy beside the declaration is the one that
// imports the declarations rather than the JavaScript.
for (const file of readdirSync(emitted, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.d.ts')) continue;
  const path = join(emitted, file);
  const text = readFileSync(path, 'utf8');
  const pointed = text.replace(/(\/\/\/ <reference path=")([^"]+)"/g, (whole, start, target) => {
    const inSources = relative(sources, resolve(dirname(path), target));
    if (inSources.startsWith('..')) return whole;
    return `${start}${relative(dirname(path), join(emitted, inSources)).replace(/^(?!\.)/, './')}"`;
  });
  if (pointed !== text) writeFileSync(path, pointed);
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

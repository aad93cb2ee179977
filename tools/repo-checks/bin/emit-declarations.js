#!/usr/bin/env node
// emit-declarations: in a JavaScript package's folder, emits its declarations from its JSDoc (`tsc -p
// tsconfig.build.json`), then makes the types its entry files and its other modules name re-exports of the modules
// that declare them (see src/type-reexports.js), so that a consumer's own declarations can name every type the package
// hands out: a module's own alias of a type, reached through a value of an entry, would be a name the `exports` do not
// publish. A declaration file written by hand in src/ (what JSDoc cannot say: a module augmentation, naming the types
// the JSDoc declares) is copied beside the emitted ones, which tsc leaves to the source tree.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { readCommandLine, runAsCommand, wrongInput } from '../src/command-line.js';
import { entryDeclarations, reexportTypeAliases } from '../src/type-reexports.js';

const COMMAND = {
  name: 'emit-declarations',
  usage: `usage: emit-declarations [DIR]
  DIR          the JavaScript package (default: the current folder): its package.json names the declarations in
               its exports, its tsconfig.build.json emits them
  -h, --help   this help`,
};

/**
 * Emits a package's declarations, as its command line asks: exit 2 for a folder that is no such package, 1 when tsc
 * fails.
 * @param {string[]} args
 */
export function main(args) {
  const { positionals } = readCommandLine(COMMAND, args, { positionals: 1 });
  const packageDir = resolve(positionals[0] ?? '.');
  for (const needed of ['package.json', 'tsconfig.build.json'])
    if (!existsSync(join(packageDir, needed))) wrongInput(COMMAND, `${packageDir}: no ${needed} there`);
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = entryDeclarations(manifest.exports);
  if (entries.length === 0)
    wrongInput(COMMAND, `${manifest.name}: its package.json exports no declaration file (a "types" condition)`);
  // The package's own TypeScript, as `tsc` in its build script would be.
  const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'inherit' });
  } catch {
    process.exitCode = 1;
    return;
  }
  copyHandWrittenDeclarations(packageDir);
  /** @param {string} dir @returns {string[]} every declaration file under `dir` */
  const declarationsUnder = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? declarationsUnder(join(dir, entry.name))
        : entry.name.endsWith('.d.ts')
          ? [join(dir, entry.name)]
          : [],
    );
  const entryFiles = entries.map((entry) => join(packageDir, entry));
  const modules = [...new Set(entryFiles.flatMap((file) => declarationsUnder(dirname(file))))].filter(
    (file) => !entryFiles.includes(file),
  );
  let ofModules = 0;
  for (const file of [...entryFiles, ...modules]) {
    const { text, reexported } = reexportTypeAliases(readFileSync(file, 'utf8'));
    writeFileSync(file, text);
    const entry = entries[entryFiles.indexOf(file)];
    if (entry) console.log(`${manifest.name}: ${entry} re-exports ${reexported.length} type(s) of its modules`);
    else ofModules += reexported.length;
  }
  console.log(`${manifest.name}: its other modules re-export ${ofModules} type(s) of the modules that declare them`);
}

/**
 * Copies the declaration files written by hand in `src/` beside the emitted ones, and points a `/// <reference path>`
 * tsc aimed at the source tree at the copy, which imports the declarations rather than the JavaScript.
 * @param {string} packageDir
 */
function copyHandWrittenDeclarations(packageDir) {
  const sources = join(packageDir, 'src');
  const emitted = join(packageDir, 'dist/types');
  for (const file of readdirSync(sources, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.d.ts')) copyFileSync(join(sources, file), join(emitted, file));
  }
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
}

await runAsCommand(import.meta.url, main);

#!/usr/bin/env node
// emit-declarations: in a JavaScript package's folder, emits its declarations from its JSDoc (`tsc -p
// tsconfig.build.json`), then makes the types its entry files and its other modules name re-exports of the modules
// that declare them (see src/type-reexports.js), so that a consumer's own declarations can name every type the package
// hands out: a module's own alias of a type, reached through a value of an entry, would be a name the `exports` do not
// publish.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

await runAsCommand(import.meta.url, main);

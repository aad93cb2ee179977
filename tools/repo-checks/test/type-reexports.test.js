// The entry's type aliases become re-exports; a consumer's declarations can then name a package's types (TS2742
// otherwise), proven with tsc on a package installed as a copy, as npm installs one.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { entryDeclarations, reexportTypeAliases } from '../src/type-reexports.js';

const BIN = fileURLToPath(new URL('../bin/emit-declarations.js', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
/**
 * Two tsc runs on a handful of files take a second or two; a busy machine may take a minute and more (60 s was not
 * enough under a load of 30): the timeout only ends a hang.
 */
const TSC_TIMEOUT_MS = 300_000;

describe('reexportTypeAliases', () => {
  it('imports and re-exports each alias of another module type, under its own name', () => {
    const emitted = [
      "export { startThing } from './thing.js';",
      '/**',
      ' * a running thing',
      ' */',
      'export type Thing = import("./thing.js").Thing;',
      'export type ClientCredentials = import("./token-issuer.js").Credentials;',
      'export type Entry = import("@scope/pkg/server").Entry;',
      'export type Local = { a: string };',
      'export type Generic = import("./thing.js").Box<string>;',
      'export type Passed<Args extends unknown[] = [], Result = Map<string, number>> = ' +
        'import("./route.js").Passed<Args, Result>;',
      'export type Swapped<A, B> = import("./route.js").Swapped<B, A>;',
      '',
    ].join('\n');
    const { text, reexported } = reexportTypeAliases(emitted);
    expect(reexported).toEqual(['Thing', 'ClientCredentials', 'Entry', 'Passed']);
    expect(text.split('\n')).toEqual([
      "export { startThing } from './thing.js';",
      '/**',
      ' * a running thing',
      ' */',
      'import type { Thing } from "./thing.js";',
      'export type { Thing };',
      'import type { Credentials as ClientCredentials } from "./token-issuer.js";',
      'export type { ClientCredentials };',
      'import type { Entry } from "@scope/pkg/server";',
      'export type { Entry };',
      // Neither an alias of an import() type nor one line of it: left as it is.
      'export type Local = { a: string };',
      'export type Generic = import("./thing.js").Box<string>;',
      // A generic alias that passes its parameters on, in order: the same type, re-exported; any other stays.
      'import type { Passed } from "./route.js";',
      'export type { Passed };',
      'export type Swapped<A, B> = import("./route.js").Swapped<B, A>;',
      '',
    ]);
  });
});

describe('entryDeclarations', () => {
  it('lists every types condition of the exports, however nested, once', () => {
    const exportsField = {
      '.': { types: './dist/types/index.d.ts', default: './src/index.js' },
      './server': { import: { types: './dist/types/server.d.ts', default: './src/server.js' } },
      './again': { types: './dist/types/index.d.ts', default: './src/again.js' },
      './data.json': './data.json',
      './package.json': './package.json',
    };
    expect(entryDeclarations(exportsField)).toEqual(['./dist/types/index.d.ts', './dist/types/server.d.ts']);
    expect(entryDeclarations('./index.js')).toEqual([]);
  });
});

describe('emit-declarations on a package a consumer installs', { timeout: TSC_TIMEOUT_MS }, () => {
  const root = mkdtempSync(join(tmpdir(), 'emit-declarations-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const lib = join(root, 'lib');
  mkdirSync(join(lib, 'src'), { recursive: true });
  writeFileSync(
    join(lib, 'package.json'),
    JSON.stringify({
      name: 'lib',
      type: 'module',
      exports: { '.': { types: './dist/types/index.d.ts', default: './src/index.js' } },
    }),
  );
  writeFileSync(
    join(lib, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: {
        allowJs: true,
        checkJs: true,
        strict: true,
        module: 'nodenext',
        lib: ['es2022'],
        types: [],
        declaration: true,
        emitDeclarationOnly: true,
        outDir: 'dist/types',
      },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(lib, 'src', 'connect.js'),
    [
      '/** @typedef {{ url: string, ping: () => Promise<Pong> }} Connection */',
      '/** @typedef {{ at: string }} Pong */',
      '/** @param {string} url @returns {Connection} */',
      "export const connect = (url) => ({ url, ping: async () => ({ at: '' }) });",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(lib, 'src', 'index.js'),
    [
      "export { connect } from './connect.js';",
      "/** @typedef {import('./connect.js').Connection} Connection */",
      "/** @typedef {import('./connect.js').Pong} Pong */",
      '',
    ].join('\n'),
  );
  // TypeScript for the bin to find beside the package, as a package's devDependency is.
  mkdirSync(join(lib, 'node_modules'));
  symlinkSync(join(TSC, '..', '..'), join(lib, 'node_modules', 'typescript'), 'dir');

  const consumer = join(root, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(consumer, 'helpers.ts'),
    "import { connect } from 'lib';\nexport const service = connect('x');\nexport const pong = () => service.ping();\n",
  );

  /** Installs the package as a copy (npm's layout, not a workspace symlink) and compiles the consumer. */
  function compileConsumer() {
    rmSync(join(consumer, 'node_modules'), { recursive: true, force: true });
    mkdirSync(join(consumer, 'node_modules'));
    cpSync(lib, join(consumer, 'node_modules', 'lib'), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
    const args = ['--strict', '--module', 'nodenext', '--lib', 'es2022', '--declaration'];
    return spawnSync(process.execPath, [TSC, ...args, '--emitDeclarationOnly', '--outDir', 'out', 'helpers.ts'], {
      cwd: consumer,
      encoding: 'utf8',
    });
  }

  it('tsc alone: the consumer cannot name the types it holds (TS2742)', () => {
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: lib });
    const { status, stdout } = compileConsumer();
    expect(status).not.toBe(0);
    expect(stdout).toContain('TS2742');
  });

  it('emit-declarations: the types are re-exported, and the consumer names them through the entry', () => {
    const output = execFileSync(process.execPath, [BIN], { cwd: lib, encoding: 'utf8' });
    expect(output).toContain('lib: ./dist/types/index.d.ts re-exports 2 type(s) of its modules');
    const { status, stdout } = compileConsumer();
    expect(stdout).toBe('');
    expect(status).toBe(0);
    const emitted = readFileSync(join(consumer, 'out', 'helpers.d.ts'), 'utf8');
    expect(emitted).toContain('export declare const service: import("lib").Connection;');
    expect(emitted).toContain('Promise<import("lib").Pong>');
  });
});

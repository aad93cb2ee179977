// The package's faces and the modules behind them: a face only names what its folder exports, `/server` still names
// what it named before the command-line kit had a face of its own, and every type lives with the module that owns it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as commandLine from '../src/command-line.js';
import * as server from '../src/server.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** What `@payments-connect/contract/server` exported before its faces were split: consumers may import any of it. */
const SERVER_EXPORTS = [
  'bindControlRoutes',
  'closestFirst',
  'meantName',
  'dataError',
  'EXIT_FAILURE',
  'EXIT_USAGE',
  'integerFlag',
  'meantFlag',
  'readFlags',
  'readServerCommandLine',
  'runFailure',
  'SERVER_FLAGS',
  'serverCommandUsage',
  'serverFlagsUsage',
  'serverOptionsOf',
  'usageError',
  'writeEnvFile',
  'ControlCallError',
  'controlCaller',
  'COMMAND_PORTS',
  'DEFAULT_HOST',
  'DOCS_PATH',
  'installedDocsPage',
  'PREFERENCES_HONOURED_HEADER',
  'execCommand',
  'describeFetchFailure',
  'isHttpUrl',
  'DEFAULT_LIMITS',
  'LIMITS_TABLE',
  'RefusalError',
  'DEFAULT_JOURNAL_SIZE',
  'JOURNAL_BODY_BYTES',
  'sendJson',
  'sendJsonText',
  'sendRefusal',
  'serveInForeground',
  'HEALTH_PATH',
  'startServer',
  // Since: the answer check of the pipeline, which a server that checks answers ahead of time (the mock's replay) uses.
  'checkAnswer',
  // Since: the journal made by a server that forgets some of its entries itself (the emulator's deleted tenants).
  'createRequestJournal',
  // Since: a JSON file's syntax error by line and column, as the control routes say a body's (a server's state file).
  'jsonSyntaxProblem',
];

/** @returns {string[]} every module of the package, absolute */
function modules(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );
}

/**
 * The package's own modules a module imports: its values (`import`/`export ... from`), and its types (`import()` in
 * its JSDoc).
 * @param {string} file
 */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const own = (/** @type {RegExp} */ pattern) =>
    [...text.matchAll(pattern)]
      .map((match) => /** @type {string} */ (match[1]))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier));
  return {
    values: own(/^(?:import|export)\s[^;]*?\sfrom\s'([^']+)';/gms),
    types: own(/import\('([^']+)'\)/g),
  };
}

/**
 * Each face of the package (the entry its `exports` name) and what it may name: the modules of its folder, by concept,
 * and the faces it re-exports. `/server` still names some of what the other faces name, as it did before they had
 * faces of their own; `/command-line` names the addresses a command prints, which the server's modules own.
 */
const FACES = {
  'contract.js': ['model/'],
  // The model and the pipeline without node:http, for MSW and a browser: the modules that load nothing of Node's.
  'fetch.js': [
    'fetch/',
    'model/',
    'server/journal/',
    'server/limits.js',
    'server/pipeline/',
    'control/refusal-error.js',
  ],
  'server.js': ['server/', 'command-line.js', 'control.js', 'contract.js'],
  'command-line.js': ['command-line/', 'server/default-addresses.js', 'server/http-url.js'],
  'control.js': ['control/'],
};

describe('the faces of @payments-connect/contract', () => {
  it('are the entries of its exports, one a concept', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8'));
    // `./bundled` is no face: the module the build writes (`scripts/compile-validators.js`).
    const entries = Object.entries(manifest.exports)
      .filter(([subpath, target]) => typeof target === 'object' && subpath !== './bundled')
      .map(([, target]) => relative(SRC, join(SRC, '..', target.default)));
    expect(manifest.exports['./bundled'].default).toBe('./dist/bundled-contract.js');
    expect(entries.sort()).toEqual(Object.keys(FACES).sort());
  });

  it('are made of exports of their folders (and of the faces they name) and comments only', () => {
    for (const [face, allowed] of Object.entries(FACES)) {
      const statements = readFileSync(join(SRC, face), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .split(';')
        .map((statement) => statement.trim())
        .filter(Boolean);
      expect(statements.filter((statement) => !/^export \{[^}]*\} from '\.\/[^']+'$/.test(statement))).toEqual([]);
      const named = statements.map((statement) => /** @type {string} */ (/from '\.\/([^']+)'$/.exec(statement)?.[1]));
      expect(
        named.filter((module) => !allowed.some((place) => module === place || module.startsWith(place))),
        face,
      ).toEqual([]);
    }
  });

  it('/server names everything it named before; /command-line names the kit and the addresses, the same values', () => {
    expect(Object.keys(server).sort()).toEqual([...SERVER_EXPORTS].sort());
    const named = new Map(Object.entries(server));
    for (const [name, value] of Object.entries(commandLine)) expect(named.get(name)).toBe(value);
    expect(Object.keys(commandLine).sort()).toEqual(
      [
        // The addresses a command prints, with the kit: a command needs them before it loads a server.
        'COMMAND_PORTS',
        'DEFAULT_HOST',
        'DOCS_PATH',
        'isHttpUrl',
        'dataError',
        'EXIT_FAILURE',
        'EXIT_USAGE',
        'execCommand',
        'integerFlag',
        'meantFlag',
        'readFlags',
        'readServerCommandLine',
        'runFailure',
        'SERVER_FLAGS',
        'serveInForeground',
        'serverCommandUsage',
        'serverFlagsUsage',
        'serverOptionsOf',
        'usageError',
        'writeEnvFile',
      ].sort(),
    );
  });
});

describe('the modules of @payments-connect/contract', () => {
  it('take no type from a module that imports them, however far round', () => {
    const graph = new Map(modules().map((file) => [file, importsOf(file)]));
    /**
     * Whether `from` reaches `to` through the values it imports.
     * @param {string} from
     * @param {string} to
     * @returns {boolean}
     */
    const reaches = (from, to, seen = new Set()) => {
      if (from === to) return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return (graph.get(from)?.values ?? []).some((next) => reaches(next, to, seen));
    };
    const cycles = [...graph].flatMap(([file, { types }]) =>
      types.filter((owner) => reaches(owner, file)).map((owner) => `${relative(SRC, file)} <- ${relative(SRC, owner)}`),
    );
    expect(cycles).toEqual([]);
  });
});

describe('the browser face, /fetch', () => {
  it("loads no module of Node's, no dependency, no code that compiles code, as a browser bundler resolves it", () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8'));
    /** @type {Set<string>} */
    const seen = new Set();
    /** @type {string[]} */
    const problems = [];
    const queue = [join(SRC, 'fetch.js')];
    while (queue.length > 0) {
      const file = /** @type {string} */ (queue.shift());
      if (seen.has(file)) continue;
      seen.add(file);
      // What runs, not what the comments say.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const name = relative(SRC, file);
      for (const [pattern, what] of /** @type {const} */ ([
        [/\bBuffer\b/, 'Buffer'],
        [/\bprocess\./, 'process'],
        [/\brequire\(|createRequire/, 'require'],
        [/\bnew Function\b|\beval\(/, 'code compiled at run time'],
        [/\bimport\(/, 'a dynamic import'],
      ])) {
        if (pattern.test(code)) problems.push(`${name}: ${what}`);
      }
      for (const [, specifier] of code.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s'([^']+)';/gms)) {
        const spec = /** @type {string} */ (specifier);
        // A browser bundler takes the `default` branch of the package's own imports (no `node` condition).
        const target = spec.startsWith('#') ? manifest.imports[spec]?.default : spec.startsWith('.') ? spec : undefined;
        if (target === undefined) problems.push(`${name}: imports ${spec}`);
        else queue.push(spec.startsWith('#') ? join(SRC, '..', target) : resolve(dirname(file), target));
      }
    }
    expect(seen.size).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });
});

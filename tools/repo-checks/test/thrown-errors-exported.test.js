// Every error class a published package throws is exported by it, so that a consumer can catch it by its class
// (`instanceof RefusalError`) and name it in its types: read from the sources, the packages' entries and the classes
// declared anywhere in the repository (a package may throw another's, as the emulator throws the contract's).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorClasses, exportedValueNames, thrownErrorClasses } from '../src/thrown-errors.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Published packages with no module to import: what they throw ends a run, with its message. */
const WITHOUT_A_MODULE = {
  '@payments-connect/openapi': 'the description, as JSON and YAML',
  '@payments-connect/types': 'types only',
  '@payments-connect/docs': 'an HTML page',
  '@payments-connect/conformance': 'a command and the suite it runs',
};

/** @param {string} dir @returns {string[]} the JavaScript and TypeScript sources under `dir`, declarations aside */
function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** @param {string} file */
const read = (file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') });

const packages = readdirSync(join(ROOT, 'packages')).map((name) => {
  const dir = join(ROOT, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  /** @type {string[]} its module entries' sources: `./src/x.js`, or a built one's (`./dist/index.js`) source */
  const entries = Object.values(manifest.exports ?? {}).flatMap((target) => {
    const file = target?.default ?? target?.import?.default;
    if (typeof file !== 'string' || !/\.js$/.test(file)) return [];
    if (!file.startsWith('./dist/')) return [file];
    const source = file.replace('./dist/', './src/').replace(/\.js$/, '.ts');
    // A built entry with no source of its own is generated code (the contract's `./bundled`: the description and its
    // validators), which declares and exports no error class: what the package throws is exported by the others.
    return existsSync(join(dir, source)) ? [source] : [];
  });
  return { name: /** @type {string} */ (manifest.name), dir, entries, published: manifest.private !== true };
});
const classes = errorClasses(packages.flatMap(({ dir }) => sourcesUnder(join(dir, 'src')).map(read)));

describe('the error classes of the published packages', () => {
  it('are found: the classes this repository declares, the contract', () => {
    // A check that finds nothing checks nothing.
    expect([...classes.keys()]).toEqual(expect.arrayContaining(['RefusalError', 'ControlCallError', 'AnswerError']));
  });

  for (const { name, dir, entries } of packages.filter((each) => each.published)) {
    it(`${name}: each it throws, it exports`, () => {
      const thrown = thrownErrorClasses(sourcesUnder(join(dir, 'src')).map(read), classes);
      if (entries.length === 0) {
        expect(Object.keys(WITHOUT_A_MODULE), `${name} has no module entry: say why in WITHOUT_A_MODULE`).toContain(
          name,
        );
        return;
      }
      const exported = new Set(entries.flatMap((entry) => exportedValueNames(readFileSync(join(dir, entry), 'utf8'))));
      expect(thrown.filter((error) => !exported.has(error))).toEqual([]);
    });
  }
});

describe('errorClasses, thrownErrorClasses and exportedValueNames', () => {
  const sources = [
    { file: 'a.js', text: 'export class BaseError extends Error {}\nexport class Narrow extends BaseError {}\n' },
    { file: 'b.js', text: "import { Narrow } from './a.js';\nthrow new Narrow('x');\nnew Map();\n" },
    {
      file: 'c.js',
      text: 'class Kept extends Error {}\ntry { throw new Kept(); } catch (e) { if (!(e instanceof Kept)) throw e; }',
    },
    { file: 'd.js', text: 'class Escapes extends TypeError {}\nexport const f = () => { throw new Escapes(); };\n' },
  ];

  it('finds the classes that extend an Error however far down, and what escapes a package', () => {
    const found = errorClasses(sources);
    expect([...found.keys()].sort()).toEqual(['BaseError', 'Escapes', 'Kept', 'Narrow']);
    expect(thrownErrorClasses(sources, found)).toEqual(['Escapes', 'Narrow']);
  });

  it('lists the value names an entry exports, types aside, and refuses export *', () => {
    const entry = [
      "export { a, b as c, type T } from './x.js';",
      '// export { commented } from "./y.js";',
      'export function d() {}',
      'export class E extends Error {}',
      "export type { U } from './u.js';",
    ].join('\n');
    expect(exportedValueNames(entry)).toEqual(['E', 'a', 'c', 'd']);
    expect(() => exportedValueNames("export * from './x.js';")).toThrow('export *');
  });
});

// The one type-checking program (tsconfig.json at the root) reads the JavaScript packages from their sources, through
// its `paths`: each entry of their `exports` must be there, naming the source it runs, or the program would read a
// stale build of it, or none.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** @param {string} file a JSON file with `//` comments on lines of their own */
const readJsonWithComments = (file) => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, ''));

/** @type {Record<string, string[]>} */
const paths = readJsonWithComments(join(ROOT, 'tsconfig.json')).compilerOptions.paths;

/** Each module entry a JavaScript package's `exports` runs from its sources, as `name/subpath` and `./packages/...`. */
const sourceEntries = readdirSync(join(ROOT, 'packages')).flatMap((dir) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const source = /** @type {{ default?: unknown }} */ (target)?.default;
    if (typeof source !== 'string' || !/^\.\/src\/.+\.js$/.test(source)) return [];
    return [[`${manifest.name}${subpath.slice(1)}`, `./packages/${dir}/${source.slice(2)}`]];
  });
});

describe("the type check's paths", () => {
  it('name every JavaScript entry of the packages, as its source, and nothing else', () => {
    expect(sourceEntries.length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(paths).map(([name, [to]]) => [name, to]))).toEqual(
      Object.fromEntries(sourceEntries),
    );
  });
});

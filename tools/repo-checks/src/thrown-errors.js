// Which error classes a package throws, and which names its entries export: read from the sources' text, so that a
// check of "every error class a package throws is exported by it" needs no build and loads no package.

/** A class declaration and what it extends. */
const CLASS = /^(export\s+)?class\s+(\w+)\s+extends\s+([\w.]+)/gm;

/**
 * The error classes declared in the given sources: those that extend an `Error` class (built in, or declared here),
 * however far down.
 * @param {Array<{ file: string, text: string }>} sources
 * @returns {Map<string, { file: string, exported: boolean }>} by class name
 */
export function errorClasses(sources) {
  const declared = sources.flatMap(({ file, text }) =>
    [...text.matchAll(CLASS)].map((match) => ({
      name: /** @type {string} */ (match[2]),
      parent: /** @type {string} */ (match[3]),
      file,
      exported: match[1] !== undefined,
    })),
  );
  /** @type {Map<string, { file: string, exported: boolean }>} */
  const found = new Map();
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, parent, file, exported } of declared) {
      if (found.has(name) || !(/^(\w+)?Error$/.test(parent) || found.has(parent))) continue;
      found.set(name, { file, exported });
      grew = true;
    }
  }
  return found;
}

/**
 * The error classes a package's sources throw: each `new X(` of a known error class, save a class its module keeps to
 * itself and catches there (not exported, and `instanceof X` in the same file).
 * @param {Array<{ file: string, text: string }>} sources the package's own sources, tests aside
 * @param {Map<string, { file: string, exported: boolean }>} classes {@link errorClasses} of the whole repository
 * @returns {string[]} sorted
 */
export function thrownErrorClasses(sources, classes) {
  /** @type {Set<string>} */
  const thrown = new Set();
  for (const { text } of sources) {
    for (const match of text.matchAll(/\bnew\s+(\w+)\s*\(/g)) {
      const name = /** @type {string} */ (match[1]);
      const declared = classes.get(name);
      if (!declared) continue;
      const home = sources.find((source) => source.file === declared.file);
      const keptInside = !declared.exported && home !== undefined && home.text.includes(`instanceof ${name}`);
      if (!keptInside) thrown.add(name);
    }
  }
  return [...thrown].sort();
}

/**
 * The value names an entry module exports (`export { a, b as c } from`, `export class`, `export function`, `export
 * const`); type-only names (`export type`, `type X` in a list) are no values and are left out.
 * @param {string} text the entry's source
 * @returns {string[]} sorted
 * @throws {Error} for `export *`, whose names the text does not say
 */
export function exportedValueNames(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  if (/^export\s*\*/m.test(code)) throw new Error('export * names no names in its text: list them');
  const listed = [...code.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((match) =>
    String(match[1])
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => /** @type {string} */ (part.split(/\s+as\s+/).pop())),
  );
  const declared = [...code.matchAll(/^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+(\w+)/gm)].map(
    (match) => /** @type {string} */ (match[1]),
  );
  return [...new Set([...listed, ...declared])].sort();
}

// JSDoc has no syntax for re-exporting a type: `@typedef {import('./tenant-registry.js').Tenant} Tenant` in a package's
// entry is emitted as `export type Tenant = import("./tenant-registry.js").Tenant;`, a new alias. A value of that type
// still carries the original's name, which a consumer's declarations (`declaration: true`) must then reach through a
// file the package's `exports` do not publish: TS2742, "cannot be named without a reference to ...". A re-export is
// the same type, named through the entry. (TypeScript issues 48104 and 60831 ask for a JSDoc `@export`.)

/** One alias of another module's type, on a line of its own, as tsc emits a typedef of an `import()` type. */
const ALIAS_OF_IMPORTED_TYPE = /^export type (\w+) = import\("([^"]+)"\)\.(\w+);$/gm;

/**
 * Turns each alias of another module's type that a declaration file exports into an import of that type and its
 * re-export, so that the name stays in scope for the rest of the file.
 * @param {string} declarations the text of an emitted `.d.ts`
 * @returns {{ text: string, reexported: string[] }} the new text, and the names now re-exported
 */
export function reexportTypeAliases(declarations) {
  /** @type {string[]} */
  const reexported = [];
  const text = declarations.replace(ALIAS_OF_IMPORTED_TYPE, (_line, name, from, original) => {
    reexported.push(name);
    const imported = original === name ? name : `${original} as ${name}`;
    return `import type { ${imported} } from ${JSON.stringify(from)};\nexport type { ${name} };`;
  });
  return { text, reexported };
}

/**
 * The declaration files a package's `exports` name (every `types` condition), relative to the package.
 * @param {unknown} exportsField the `exports` of its package.json
 * @returns {string[]}
 */
export function entryDeclarations(exportsField) {
  /** @type {string[]} */
  const found = [];
  /** @param {unknown} node @param {string | undefined} condition */
  const visit = (node, condition) => {
    if (typeof node === 'string') {
      if (condition === 'types' && node.endsWith('.d.ts')) found.push(node);
      return;
    }
    if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) visit(value, key);
  };
  visit(exportsField, undefined);
  return [...new Set(found)];
}

// JSDoc has no syntax for re-exporting a type: `@typedef {import('./tenant-registry.js').Tenant} Tenant` in a package's
// entry is emitted as `export type Tenant = import("./tenant-registry.js").Tenant;`, a new alias. A value of that type
// still carries the original's name, which a consumer's declarations (`declaration: true`) must then reach through a
// file the package's `exports` do not publish: TS2742, "cannot be named without a reference to ...". A re-export is
// the same type, named through the entry. (TypeScript issues 48104 and 60831 ask for a JSDoc `@export`.)

/**
 * One alias of another module's type, on a line of its own, as tsc emits a typedef of an `import()` type: generic when
 * its `@template`s are passed on (`export type Box<T extends object = {}> = import("./box.js").Box<T>;`).
 */
const ALIAS_OF_IMPORTED_TYPE = /^export type (\w+)(?:<(.+)>)? = import\("([^"]+)"\)\.(\w+)(?:<([\w, ]+)>)?;$/gm;

/**
 * The names of a type's parameters, in order, from their declaration (`Args extends unknown[] = [], Result`).
 * @param {string} declared
 */
function parameterNames(declared) {
  /** @type {string[]} */
  const names = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at <= declared.length; at += 1) {
    const character = declared[at];
    if (character === undefined || (character === ',' && depth === 0)) {
      names.push(declared.slice(start, at).trim().split(/[\s=]/)[0] ?? '');
      start = at + 1;
    } else if ('<[{('.includes(character)) depth += 1;
    else if ('>]})'.includes(character)) depth -= 1;
  }
  return names;
}

/**
 * Turns each alias of another module's type that a declaration file exports into an import of that type and its
 * re-export, so that the name stays in scope for the rest of the file. A generic alias is one when it passes its
 * parameters on, in their order, and nothing else (`Box<T> = import("./box.js").Box<T>`); any other stays an alias.
 * @param {string} declarations the text of an emitted `.d.ts`
 * @returns {{ text: string, reexported: string[] }} the new text, and the names now re-exported
 */
export function reexportTypeAliases(declarations) {
  /** @type {string[]} */
  const reexported = [];
  /**
   * @param {string} line @param {string} name @param {string | undefined} declared its parameters
   * @param {string} from @param {string} original @param {string | undefined} passed the arguments it passes on
   */
  const reexport = (line, name, declared, from, original, passed) => {
    const passedOn = passed?.split(',').map((argument) => argument.trim());
    if (declared === undefined ? passed !== undefined : parameterNames(declared).join() !== passedOn?.join())
      return line;
    reexported.push(name);
    const imported = original === name ? name : `${original} as ${name}`;
    return `import type { ${imported} } from ${JSON.stringify(from)};\nexport type { ${name} };`;
  };
  const text = declarations.replace(ALIAS_OF_IMPORTED_TYPE, reexport);
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

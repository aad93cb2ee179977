/**
 * Keywords a plain string branch of an open enum may carry besides `type`: documentation only, nothing that narrows
 * the value.
 */
const ANNOTATIONS = new Set(['type', 'title', 'description', 'examples', 'example', 'deprecated', '$comment']);

/**
 * The documented values of an open enum, or undefined for any other schema. An open enum is this description's shape
 * for a value set the interface document gives only in part: `anyOf` of string `enum` (or `const`) branches and one
 * plain `type: string` branch, so that the documented values are listed and any other string stays valid. The docs
 * list the values and the generated types keep them as literals; both recognise the shape here.
 * @param {unknown} schema a Schema Object (references not followed)
 * @returns {string[] | undefined} the documented values, in order, without repeats
 */
export function openEnumValues(schema) {
  const branches = /** @type {{ anyOf?: unknown } | undefined} */ (schema)?.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const plain = branches.filter(isPlainString);
  const listed = branches.filter((branch) => !isPlainString(branch)).map(listedValues);
  if (plain.length !== 1 || listed.some((values) => values === undefined)) return undefined;
  return [...new Set(/** @type {string[][]} */ (listed).flat())];
}

/** @param {any} branch */
function isPlainString(branch) {
  return branch?.type === 'string' && Object.keys(branch).every((key) => ANNOTATIONS.has(key));
}

/**
 * The string values a branch lists (`enum` or `const`), or undefined when it is anything else.
 * @param {any} branch
 * @returns {string[] | undefined}
 */
function listedValues(branch) {
  if (!branch || typeof branch !== 'object' || (branch.type !== undefined && branch.type !== 'string'))
    return undefined;
  const values = 'const' in branch ? [branch.const] : branch.enum;
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string')
    ? values
    : undefined;
}

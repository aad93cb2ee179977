/**
 * JSON pointers into the contract document (RFC 6901), in their URI-fragment form (`#/paths/~1v1~1rfi/get`):
 * the form `$ref`s use, and the form Ajv takes to find a schema inside the registered document.
 */

/**
 * The tokens of a local pointer; `#` alone is the document.
 * @param {string} pointer `#/a/b~1c`, percent-encoding allowed
 * @returns {string[]}
 * @throws {Error} for a reference that is not local
 */
export function parsePointer(pointer) {
  if (!pointer.startsWith('#')) throw new Error(`only local references (#/...) are supported, got ${pointer}`);
  if (pointer === '#' || pointer === '#/') return [];
  return pointer
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * A token escaped for a pointer (RFC 6901: `~` as `~0`, `/` as `~1`), not yet percent-encoded.
 * @param {string | number} token
 */
export function escapeToken(token) {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The URI-fragment pointer of a list of tokens.
 * @param {ReadonlyArray<string | number>} tokens
 * @returns {string}
 */
export function formatPointer(tokens) {
  return `#/${tokens.map((token) => encodeURIComponent(escapeToken(token))).join('/')}`;
}

/**
 * Appends tokens to a pointer.
 * @param {string} pointer
 * @param {...(string | number)} tokens
 */
export function childPointer(pointer, ...tokens) {
  // A pointer already in the form formatPointer writes is extended as it is: reading the operations of the contract
  // at start makes thousands of pointers, and parsing each again cost the servers a tenth of their start.
  if (!CANONICAL_POINTER.test(pointer)) return formatPointer([...parsePointer(pointer), ...tokens]);
  const tail = tokens.map((token) => encodeURIComponent(escapeToken(token))).join('/');
  return pointer === '#' || pointer === '#/' ? `#/${tail}` : `${pointer}/${tail}`;
}

/**
 * A pointer that formatPointer would write unchanged from its tokens: characters encodeURIComponent keeps, `~` only as
 * `~0` or `~1`, and of the percent-escapes only the braces of path templates, as it spells them (`%7B`, not `%7b`).
 */
const CANONICAL_POINTER = /^#(?:\/(?:[\w.!*'()-]|~[01]|%7B|%7D)*)*$/;

/**
 * The node a local pointer names.
 * @param {unknown} document
 * @param {string} pointer
 * @returns {unknown}
 * @throws {Error} when the pointer names nothing
 */
export function getAtPointer(document, pointer) {
  let current = /** @type {any} */ (document);
  for (const token of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, token)) {
      throw new Error(`unresolvable reference ${pointer}`);
    }
    current = current[token];
  }
  return current;
}

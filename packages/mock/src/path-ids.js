/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 */

/**
 * @typedef {object} PathIdSlot the ids an answer holds for one path parameter of its operation
 * @property {string} name the path parameter (`rfiId`)
 * @property {string[]} ids the values that stand for it in the answer (the example's own id)
 */

/** What may sit next to an id without being part of it: an id is replaced whole, never inside a longer word. */
const ID_CHARACTER = '[A-Za-z0-9_-]';

/**
 * Where an answer names the resources of its request path: for each path parameter, the value the parameter's named
 * example of the same name gives (the spec pairs an exchange's parts by name: `closedCase` is the `rfiId`
 * `5a0b…` and the case `5a0b…`), and the answer's own property of the parameter's name (`rfiId` of a case, also of a
 * generated one). An example's ids then stand for the request's, wherever they appear: the record's id, an id in an
 * error message.
 * @param {ContractOperation} operation
 * @param {string | undefined} example the named example answered, if any
 * @param {unknown} body the answer's JSON value
 * @returns {PathIdSlot[]} one entry for each path parameter the answer names, in the operation's order
 */
export function pathIdSlots(operation, example, body) {
  /** @type {PathIdSlot[]} */
  const slots = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path') continue;
    /** @type {Set<string>} */
    const ids = new Set();
    const paired = example === undefined ? undefined : parameter.examples[example];
    if (typeof paired === 'string' && paired !== '') ids.add(paired);
    const own = isRecord(body) ? body[parameter.name] : undefined;
    if (typeof own === 'string' && own !== '') ids.add(own);
    if (ids.size > 0) slots.push({ name: parameter.name, ids: [...ids] });
  }
  return slots;
}

/**
 * The answer with the request's path ids in place of the example's: the case asked for is the case answered. Strings
 * are searched whole-id by whole-id, in one pass, so that an id replaced is never replaced again.
 * @param {unknown} body the answer's JSON value
 * @param {PathIdSlot[]} slots from {@link pathIdSlots}
 * @param {Record<string, unknown>} pathValues the request's path parameters, as the contract read them
 * @returns {unknown} `body` itself when the request names the example's own ids (nothing to replace), else a copy
 */
export function withRequestIds(body, slots, pathValues) {
  /** @type {Map<string, string>} */
  const replacements = new Map();
  for (const { name, ids } of slots) {
    const requested = pathValues[name];
    if (typeof requested !== 'string') continue;
    for (const id of ids) if (id !== requested) replacements.set(id, requested);
  }
  if (replacements.size === 0) return body;
  const alternatives = [...replacements.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?<!${ID_CHARACTER})(?:${alternatives})(?!${ID_CHARACTER})`, 'g');
  /** @type {(value: unknown) => unknown} */
  const replace = (value) => {
    if (typeof value === 'string') return value.replace(pattern, (id) => replacements.get(id) ?? id);
    if (Array.isArray(value)) return value.map(replace);
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, replace(field)]));
    return value;
  };
  return replace(body);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

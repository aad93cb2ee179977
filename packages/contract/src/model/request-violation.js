/**
 * One thing wrong with a request.
 * @typedef {object} Violation
 * @property {'security' | 'header' | 'path' | 'query' | 'body'} location
 * @property {string} name the header or parameter, or the place in the body (`answers/0/answer`; `''`: the body)
 * @property {string} rule what was broken: a JSON Schema keyword (`required`, `type`, `format`, `minLength`) or
 *   `single` (sent more than once), `json` (does not parse), `depth`, `media-type`, `multipart`, `bearer`
 * @property {string} message a sentence naming it (`query includeTerminal must be boolean`)
 * @property {string | undefined} expected what the contract wanted, when it says (`boolean`, `uuid`)
 */

/**
 * A violation, its fields in order.
 * @param {Violation['location']} location
 * @param {string} name
 * @param {string} rule
 * @param {string} message
 * @param {string | undefined} expected
 * @returns {Violation}
 */
export function violation(location, name, rule, message, expected) {
  return { location, name, rule, message, expected };
}

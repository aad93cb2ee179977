import { openEnumValues } from '@payments-connect/contract';
import { FLAGS } from './flags.js';

const DESIGNED_FLAG = FLAGS.find(({ extension }) => extension === 'x-designed-here');

/**
 * The sentence that lists an open enum's values under its description: those the interface documents, then those
 * this contract designed (a branch marked `x-designed-here`, such as the open case's `OPEN`), named as such.
 * @param {string[]} values the documented values
 * @param {string[]} [designed] the values designed here
 */
export const openEnumNote = (values, designed = []) => {
  const code = (/** @type {string[]} */ list) => list.map((value) => `\`${value}\``).join(', ');
  const designedNote =
    designed.length === 0 ? '' : ` **${DESIGNED_FLAG?.badge.name} (designed here):** ${code(designed)}.`;
  return (
    `**Documented values:** ${code(values)}.${designedNote} The set is open: any other string is valid, so pass ` +
    'unknown values through.'
  );
};

/**
 * The values an open enum lists in branches marked `x-designed-here`: this contract's, not the interface's.
 * @param {any} schema an open enum (see `openEnumValues`)
 * @returns {string[]}
 */
export function designedEnumValues(schema) {
  /** @type {any[]} */
  const branches = Array.isArray(schema?.anyOf) ? schema.anyOf : [];
  return branches
    .filter((branch) => branch?.['x-designed-here'] === true)
    .flatMap((branch) => ('const' in branch ? [branch.const] : (branch.enum ?? [])));
}

/**
 * Lists the documented values of every open enum among the component schemas, and apart from them the values
 * designed here. Redoc renders the spec's shape (`anyOf` of `enum` branches and a plain string) as "X (string) or X
 * (string)" and hides the values, so the docs' copy shows such a schema as a string whose description ends with the
 * values, and whose example (the JSON samples show it) is the first documented one. Mutates the contract's document;
 * the published bundle keeps the `anyOf`.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled document.
 * @returns {string[]} The names of the schemas rewritten.
 */
export function addOpenEnumValues(contract) {
  /** @type {Record<string, any>} */
  const schemas = contract.document.components?.schemas ?? {};
  return Object.entries(schemas).flatMap(([name, schema]) => {
    const values = openEnumValues(schema);
    if (!values) return [];
    const designed = designedEnumValues(schema);
    const documented = values.filter((value) => !designed.includes(value));
    const { anyOf: _union, description, ...rest } = schema;
    const text = [description?.trim(), openEnumNote(documented, designed)].filter(Boolean).join('\n\n');
    schemas[name] = { ...rest, type: 'string', description: text, example: documented[0] ?? values[0] };
    return [name];
  });
}

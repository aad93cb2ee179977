import { openEnumValues } from '@payments-connect/contract';

/**
 * The sentence that lists an open enum's values under its description.
 * @param {string[]} values
 */
export const openEnumNote = (values) =>
  `**Documented values:** ${values.map((value) => `\`${value}\``).join(', ')}. The set is open: any other string ` +
  'is valid, so pass unknown values through.';

/**
 * Lists the documented values of every open enum among the component schemas. Redoc renders the spec's shape
 * (`anyOf` of an `enum` and a plain string) as "X (string) or X (string)" and hides the values, so the docs' copy
 * shows such a schema as a string whose description ends with the values, and whose example (the JSON samples
 * show it) is the first of them. Mutates the contract's document; the published bundle keeps the `anyOf`.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled document.
 * @returns {string[]} The names of the schemas rewritten.
 */
export function addOpenEnumValues(contract) {
  /** @type {Record<string, any>} */
  const schemas = contract.document.components?.schemas ?? {};
  return Object.entries(schemas).flatMap(([name, schema]) => {
    const values = openEnumValues(schema);
    if (!values) return [];
    const { anyOf: _union, description, ...rest } = schema;
    const text = [description?.trim(), openEnumNote(values)].filter(Boolean).join('\n\n');
    schemas[name] = { ...rest, type: 'string', description: text, example: values[0] };
    return [name];
  });
}

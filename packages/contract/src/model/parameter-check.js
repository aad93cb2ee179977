import { violation } from './request-violation.js';

/**
 * @typedef {import('./operations.js').ContractParameter} ContractParameter
 * @typedef {import('./request-violation.js').Violation} Violation
 * @typedef {import('./schema-validator.js').ValidateAt} ValidateAt
 */

/**
 * Headers first, then the path, then the query: a missing account is reported before a malformed id.
 * @param {ContractParameter[]} parameters
 */
export function orderParameters(parameters) {
  let ordered = orderedParameters.get(parameters);
  if (!ordered) {
    const order = ['header', 'path', 'query', 'cookie'];
    ordered = [...parameters].sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
    orderedParameters.set(parameters, ordered);
  }
  return ordered;
}

/** Each operation's parameters in checking order, sorted once: a server checks them on every request. */
/** @type {WeakMap<ContractParameter[], ContractParameter[]>} */
const orderedParameters = new WeakMap();

/**
 * Checks one parameter's raw values (text on the wire) and types them by its schema.
 * @param {ValidateAt} validateAt
 * @param {ContractParameter} parameter
 * @param {string[]} raw
 * @returns {{ value: unknown } | { violations: Violation[] }}
 */
export function checkParameter(validateAt, parameter, raw) {
  const where = /** @type {Violation['location']} */ (parameter.in);
  const label = `${where} ${parameter.name}`;
  const schema = parameter.schema ?? {};
  if (raw.length === 0) {
    if (parameter.required) {
      return { violations: [violation(where, parameter.name, 'required', `${label} is required`, schemaType(schema))] };
    }
    return { value: schema.default };
  }
  const isArray = schema.type === 'array';
  if (!isArray && raw.length > 1) {
    return { violations: [violation(where, parameter.name, 'single', `${label} must be sent once`, 'one value')] };
  }
  const value = isArray
    ? raw.flatMap((text) => text.split(',')).map((text) => coerce(schema.items ?? {}, text))
    : coerce(schema, /** @type {string} */ (raw[0]));
  if (!parameter.schema) return { value };
  const issues = validateAt(parameter.schemaPointer, value);
  if (issues.length === 0) return { value };
  return {
    violations: issues.map((issue) =>
      violation(where, parameter.name, issue.keyword, `${label}${issue.path} ${issue.message}`, issue.expected),
    ),
  };
}

/** @param {any} schema */
function schemaType(schema) {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/**
 * Parameters are text on the wire; the schema types them. Text that is no value of the type stays text, so that
 * the schema check names the mismatch (`must be boolean`).
 * @param {any} schema
 * @param {string} text
 * @returns {unknown}
 */
function coerce(schema, text) {
  if (schema.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    return Number(text);
  }
  return text;
}

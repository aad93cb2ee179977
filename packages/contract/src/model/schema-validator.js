// The schema compiler of the platform: Ajv in Node, none where `new Function` is refused (a browser, a strict CSP).
import { compileStandaloneSchema, documentSchemaCompiler } from '#schema-compiler';
import { escapeToken } from './json-pointer.js';
import { summariseSchemaErrors } from './schema-issues.js';

/**
 * A check of a value against one schema, as Ajv compiles it (at build, or as the schema is first used): true when the
 * value matches, its `errors` set when it does not.
 * @typedef {{ (value: unknown): boolean, errors?: import('ajv').ErrorObject[] | null }} SchemaCheck
 */

/**
 * The validators compiled at build (Ajv's standalone code, no `new Function` at run time), by the pointer of the
 * schema each checks (`#/components/schemas/RfiCase`): those of the bundled description are
 * `@payments-connect/contract/bundled`'s `validators`.
 * @typedef {Readonly<Record<string, SchemaCheck>>} PrecompiledValidators
 */

/**
 * @callback ValidateAt
 * @param {string} pointer where the schema sits in the document (`#/components/schemas/RfiCase`)
 * @param {unknown} value
 * @returns {import('./schema-issues.js').SchemaIssue[]} empty when the value matches
 */

/**
 * The one validator of a contract's schemas, named by where they sit: each checked by the validator compiled at build
 * for it when there is one, else compiled on first use (in Node; elsewhere a schema without a validator compiled at
 * build is refused, saying so) and kept. Every reader of the contract validates through it.
 * @param {any} document the bundled OpenAPI document
 * @param {PrecompiledValidators} [validators] compiled at build from this document
 * @param {(pointer: string) => SchemaCheck} [compile] compiles a schema no validator covers (the platform's)
 * @returns {{ validateAt: ValidateAt }}
 */
export function createSchemaValidator(document, validators = {}, compile = documentSchemaCompiler(document)) {
  // Each pointer's function is looked up once: a server validates on every request.
  /** @type {Map<string, SchemaCheck>} */
  const compiled = new Map();
  return {
    validateAt(pointer, value) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = Object.hasOwn(validators, pointer)
          ? /** @type {SchemaCheck} */ (validators[pointer])
          : compile(pointer);
        compiled.set(pointer, validate);
      }
      return validate(value) ? [] : summariseSchemaErrors(validate.errors ?? []);
    },
  };
}

/**
 * @typedef {import('./schema-issues.js').SchemaIssue & { description?: string }} StandaloneSchemaIssue an issue of a
 *   standalone schema: `path` names a missing or unknown property itself (`/clock/advancedSeconds`); `description` is
 *   the failing schema's own, what it wanted in its author's words; `expected`, for a property the schema does not
 *   know, the properties it does
 */

/**
 * A validator of one JSON Schema (2020-12) that is no part of the contract's document: a format of a server's own (the
 * emulator's snapshot), checked with the contract's Ajv and formats. It stops at the first problem.
 * @param {object} schema a standalone schema: no reference leaves it
 * @returns {(value: unknown) => StandaloneSchemaIssue[]} empty when the value matches
 */
export function compileJsonSchema(schema) {
  const validate = compileStandaloneSchema(schema);
  return (value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((error) => {
          const [issue] = /** @type {[import('./schema-issues.js').SchemaIssue]} */ (summariseSchemaErrors([error]));
          const { missingProperty, additionalProperty } = /** @type {Record<string, string | undefined>} */ (
            error.params
          );
          const property = missingProperty ?? additionalProperty;
          /** @type {StandaloneSchemaIssue} */
          const standalone = { ...issue };
          if (property !== undefined) standalone.path = `${error.instancePath}/${escapeToken(property)}`;
          if (additionalProperty !== undefined)
            standalone.expected = Object.keys(error.parentSchema?.properties ?? {}).join(', ');
          if (typeof error.parentSchema?.description === 'string')
            standalone.description = error.parentSchema.description;
          return standalone;
        });
}

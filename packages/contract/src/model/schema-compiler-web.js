/**
 * @typedef {import('./schema-validator.js').SchemaCheck} SchemaCheck
 */

/**
 * Where schemas cannot be compiled as they are used (a browser, whose strict Content-Security-Policy refuses the
 * `new Function` a compiler needs; `schema-compiler.js` is Node's): a schema no validator compiled at build covers is
 * refused as it is first used, saying what to do.
 * @param {any} _document
 * @returns {(pointer: string) => SchemaCheck}
 */
export function documentSchemaCompiler(_document) {
  return (pointer) => {
    throw new Error(
      `no validator compiled at build checks the schema at ${pointer}: here schemas are not compiled as they are ` +
        'used; make the contract with the validators its build compiled, createContract(document, { validators })',
    );
  };
}

/**
 * @param {object} _schema
 * @returns {SchemaCheck}
 */
export function compileStandaloneSchema(_schema) {
  throw new Error('a JSON Schema is compiled with Ajv, in Node: here only validators compiled at build check values');
}

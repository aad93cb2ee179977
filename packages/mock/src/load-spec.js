import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse as parseYaml } from 'yaml';

const require = createRequire(import.meta.url);

/**
 * Absolute path of the bundled OpenAPI document served by default, resolved through the `@payments-connect/openapi`
 * dependency (never a path into a repository), so the mock works the same when installed from the registry.
 */
export function bundledSpecPath() {
  return require.resolve('@payments-connect/openapi/openapi.json');
}

/**
 * Reads an OpenAPI document (JSON or YAML) into an object. It must be bundled: local `$ref`s only.
 * @param {string} path
 * @returns {any}
 * @throws {Error} saying why the file cannot be served
 */
export function loadSpecFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the spec ${path}: ${/** @type {Error} */ (error).message}`);
  }
  let document;
  try {
    document = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new Error(`the spec ${path} does not parse: ${/** @type {Error} */ (error).message}`);
  }
  if (!document || typeof document !== 'object' || !/^3\.1\./.test(String(document.openapi))) {
    throw new Error(`the spec ${path} is not an OpenAPI 3.1 document`);
  }
  return document;
}

import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/**
 * Reads an OpenAPI 3.1 document from a file, JSON or YAML. The model reads bundled documents: local `$ref`s only.
 * @param {string} path
 * @returns {any}
 * @throws {Error} saying why the file is no document the model can read
 */
export function loadDocumentFile(path) {
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

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

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
    // The YAML parser is loaded for a YAML document only: it costs a server that reads JSON a tenth of its start.
    document = /\.json$/i.test(path)
      ? JSON.parse(text)
      : /** @type {typeof import('yaml')} */ (require('yaml')).parse(text);
  } catch (error) {
    throw new Error(`the spec ${path} does not parse: ${/** @type {Error} */ (error).message}`);
  }
  if (!document || typeof document !== 'object' || !/^3\.1\./.test(String(document.openapi))) {
    throw new Error(`the spec ${path} is not an OpenAPI 3.1 document`);
  }
  return document;
}

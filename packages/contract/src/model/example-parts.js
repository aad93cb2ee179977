import { dereference } from './resolve-ref.js';

/**
 * A multipart request example is written in the object form OpenAPI tools read: the Example Object's `value` holds
 * one property per part, a file part as the file's content, a string as the part's schema (`type: string`) says.
 * That form has no place for a file's name, so the Example Object names the file of each file part in
 * `x-file-parts` (this repository's extension): `{ <part>: { fileName, contentType } }`.
 */

/** The extension on a multipart Example Object that names the file sent in each file part. */
export const FILE_PARTS_EXTENSION = 'x-file-parts';

/** OpenAPI's default Content-Type of a binary part, for a file part whose type nothing names. */
const DEFAULT_FILE_TYPE = 'application/octet-stream';

/** OpenAPI's default Content-Type of a part whose value is an object. */
const OBJECT_PART_TYPE = 'application/json';

/**
 * @typedef {object} ExamplePart one part of a multipart request example, as it is sent
 * @property {string} name the form field
 * @property {string} content the part's content: a file's content, a text field's value, JSON for an object
 * @property {string | undefined} fileName the file name a file part is sent with; undefined for a field
 * @property {string | undefined} contentType the part's Content-Type; undefined for a plain text field
 */

/**
 * The parts of a multipart request example, in the order of its `value`. A file part is sent as the file its
 * `x-file-parts` entry names; without one, as a file named after the part, of the single type the part's Encoding
 * Object names, else `application/octet-stream`.
 * @param {unknown} document the bundled document
 * @param {any} media the resolved Media Type Object (its `schema` tells file parts from fields; its `encoding`)
 * @param {any} example the resolved Example Object
 * @returns {ExamplePart[]}
 * @throws {Error} saying what is wrong: a value that is not an object of parts, a file part that is not a string,
 *   an `x-file-parts` entry for no part of the value, or an array part (one part per item: not written here)
 */
export function listExampleParts(document, media, example) {
  const value = example?.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('its value is not an object with one property per part');
  }
  /** @type {Record<string, { fileName?: string, contentType?: string }>} */
  const files = example[FILE_PARTS_EXTENSION] ?? {};
  const stray = Object.keys(files).filter((name) => !Object.hasOwn(value, name));
  if (stray.length > 0) throw new Error(`${FILE_PARTS_EXTENSION} names ${stray.join(', ')}, no part of its value`);
  const schema = dereference(document, media?.schema ?? {}).node ?? {};
  return Object.entries(value).map(([name, content]) => {
    const encodingType = singleType(media?.encoding?.[name]?.contentType);
    if (Object.hasOwn(files, name) || isFileSchema(dereference(document, schema.properties?.[name] ?? {}).node)) {
      if (typeof content !== 'string') throw new Error(`its file part ${name} is not a string`);
      const file = files[name] ?? {};
      return {
        name,
        content,
        fileName: file.fileName ?? name,
        contentType: file.contentType ?? encodingType ?? DEFAULT_FILE_TYPE,
      };
    }
    if (Array.isArray(content) || content === null) {
      throw new Error(`its part ${name} is ${content === null ? 'null' : 'an array'}: not written by this model`);
    }
    if (typeof content === 'object') {
      return {
        name,
        content: JSON.stringify(content),
        fileName: undefined,
        contentType: encodingType ?? OBJECT_PART_TYPE,
      };
    }
    return { name, content: String(content), fileName: undefined, contentType: encodingType };
  });
}

/**
 * A schema of a file: binary content (`format: binary`, OpenAPI 3.0's way, or `contentMediaType` /
 * `contentEncoding`, 3.1's).
 * @param {any} schema
 */
function isFileSchema(schema) {
  return schema?.format === 'binary' || schema?.contentMediaType !== undefined || schema?.contentEncoding !== undefined;
}

/**
 * An Encoding Object's `contentType` when it names one concrete type; a list or a range (`image/*`) names none.
 * @param {unknown} contentType
 */
function singleType(contentType) {
  return typeof contentType === 'string' && /^[^\s,*/]+\/[^\s,*/]+$/.test(contentType.trim())
    ? contentType.trim()
    : undefined;
}

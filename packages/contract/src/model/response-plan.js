import { childPointer } from './json-pointer.js';
import { parseMediaType } from './media-type.js';
import { dereference } from './resolve-ref.js';

/** A JSON media type: its bodies are checked against their schema. */
const JSON_MEDIA_TYPE = /^application\/(.+\+)?json$/;

/** @typedef {import('./operations.js').ContractResponse} ContractResponse */

/**
 * @typedef {object} ResponsePlan what checking an answer against one documented response needs, worked out once
 * @property {Array<{ name: string, required: boolean, schemaPointer: string | undefined, numeric: boolean }>} headers
 * @property {string[]} mediaTypes the documented media types (`content` keys)
 * @property {Map<string, string>} jsonSchemaPointers the schema of each documented JSON media type that has one
 */

/** @type {WeakMap<ContractResponse, ResponsePlan>} */
const responsePlans = new WeakMap();

/**
 * The checks of a documented response, resolved once: servers check every answer they send, so the references,
 * pointers and media types of a response are not worked out again per answer.
 * @param {any} document
 * @param {ContractResponse} documented
 * @returns {ResponsePlan}
 */
export function responsePlan(document, documented) {
  let plan = responsePlans.get(documented);
  if (plan) return plan;
  const headers = Object.entries(documented.response.headers ?? {}).map(([name, raw]) => {
    const { node: definition, pointer } = dereference(document, raw, childPointer(documented.pointer, 'headers', name));
    const type = definition.schema?.type;
    return {
      name,
      required: definition.required === true,
      schemaPointer: definition.schema ? childPointer(pointer, 'schema') : undefined,
      numeric: type === 'integer' || type === 'number',
    };
  });
  const content = documented.response.content ?? {};
  const mediaTypes = Object.keys(content);
  const jsonSchemaPointers = new Map(
    mediaTypes
      .filter((mediaType) => JSON_MEDIA_TYPE.test(mediaType) && content[mediaType].schema)
      .map((mediaType) => [mediaType, childPointer(documented.pointer, 'content', mediaType, 'schema')]),
  );
  plan = { headers, mediaTypes, jsonSchemaPointers };
  responsePlans.set(documented, plan);
  return plan;
}

/** The essence of each Content-Type seen, by its text: a server sends the same few on every answer. */
const essences = new Map();
/** Content-Type texts remembered at most; past it the memory starts afresh (hostile clients send any text). */
const MAX_REMEMBERED_CONTENT_TYPES = 64;

/**
 * @param {string | undefined} contentType
 * @returns {string} the media type's essence, `''` for none or a malformed one
 */
export function mediaTypeEssence(contentType) {
  if (contentType === undefined) return '';
  let essence = essences.get(contentType);
  if (essence === undefined) {
    essence = parseMediaType(contentType)?.essence ?? '';
    if (essences.size >= MAX_REMEMBERED_CONTENT_TYPES) essences.clear();
    essences.set(contentType, essence);
  }
  return essence;
}

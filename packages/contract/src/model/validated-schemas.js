import { childPointer } from './json-pointer.js';
import { listOperations, listWebhooks } from './operations.js';
import { dereference } from './resolve-ref.js';
import { responsePlan } from './response-plan.js';
import { ERROR_ENVELOPE_POINTER } from './response-validator.js';

/** The media type whose body the request check reads as parts, each part against its property's schema. */
const MULTIPART_MEDIA_TYPE = 'multipart/form-data';

/**
 * Every schema of a document the model validates values against, by pointer, found where the checks find them:
 * each operation's parameters (`parameter-check.js`), its request bodies (a JSON schema, or each property of a
 * multipart form: `request-body-check.js`), its responses' headers and JSON bodies (`response-plan.js`), the error
 * envelope every error answer is held to, and each webhook's payload (`webhook-payload-check.js`). What the build
 * compiles the validators of (`scripts/compile-validators.js`), so that a server of the bundled description compiles
 * none as it runs.
 * @param {any} document the bundled OpenAPI document
 * @returns {string[]} each pointer once, in the order the document names them
 */
export function validatedSchemaPointers(document) {
  /** @type {Set<string>} */
  const pointers = new Set();
  for (const operation of listOperations(document)) {
    for (const parameter of operation.parameters) if (parameter.schema) pointers.add(parameter.schemaPointer);
    const requestBody = operation.requestBody;
    for (const [mediaType, media] of Object.entries(requestBody?.requestBody.content ?? {})) {
      if (!requestBody || !(/** @type {any} */ (media).schema)) continue;
      const pointer = childPointer(requestBody.pointer, 'content', mediaType, 'schema');
      if (mediaType !== MULTIPART_MEDIA_TYPE) {
        pointers.add(pointer);
        continue;
      }
      const form = dereference(document, /** @type {any} */ (media).schema, pointer);
      for (const name of Object.keys(form.node?.properties ?? {}))
        pointers.add(childPointer(form.pointer, 'properties', name));
    }
    for (const documented of operation.responses) {
      const plan = responsePlan(document, documented);
      for (const { schemaPointer } of plan.headers) if (schemaPointer) pointers.add(schemaPointer);
      for (const pointer of plan.jsonSchemaPointers.values()) pointers.add(pointer);
    }
  }
  if (document.components?.schemas?.ErrorEnvelope) pointers.add(ERROR_ENVELOPE_POINTER);
  for (const { requestBody } of listWebhooks(document)) {
    if (requestBody?.requestBody.content?.['application/json']?.schema)
      pointers.add(childPointer(requestBody.pointer, 'content', 'application/json', 'schema'));
  }
  return [...pointers];
}

/**
 * The minimal OpenAPI 3.1 document every corpus pair starts from, and builders that return it with one part
 * replaced. A pair's base and revision are two such documents that differ in the one thing the pair is about.
 *
 * - `GET /items` (query parameters), `POST /items` (request body `ItemInput`, response 201 `Item` with a
 *   `Location` header), `GET /items/{itemId}` (path parameter, response 200 `Item`).
 * - `ItemInput` is only sent, `Item` only received (unless `sharedSchema` makes the request send it too).
 * - The webhook `item.changed` sends `ItemEvent` to the consumer.
 */

/**
 * @typedef {object} CorpusPair
 * @property {string} id unique within the corpus
 * @property {string} oasdiff the id of the oasdiff rule the pair models, `none` when oasdiff has none
 * @property {'ERR' | 'WARN' | 'INFO'} [level] that rule's level in oasdiff (ERR and WARN are breaking)
 * @property {any} base the released document
 * @property {any} revision the current document
 * @property {'breaking' | 'non-breaking'} verdict what this gate must decide
 * @property {import('../../src/spec-changes/change-rules.js').ChangeRule | null} rule the rule that must report
 *   it (null: nothing to report, the two documents mean the same)
 * @property {string} why the reason, as a consumer sees it
 * @property {string} [difference] why this repository's verdict differs from oasdiff's level on purpose
 */

/** @param {unknown} schema */
export const json = (schema) => ({ 'application/json': { schema } });

/** @returns {any} */
export function corpusDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Corpus API', version: '1.0.0', description: 'Items.' },
    servers: [{ url: 'https://api.example.test' }],
    security: [{ bearer: [] }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [],
          responses: {
            200: {
              description: 'The items.',
              content: json({ type: 'array', items: { $ref: '#/components/schemas/Item' } }),
            },
          },
        },
        post: {
          operationId: 'createItem',
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/ItemInput' }) },
          responses: {
            201: {
              description: 'Created.',
              headers: { Location: { required: true, schema: { type: 'string' } } },
              content: json({ $ref: '#/components/schemas/Item' }),
            },
            400: { description: 'Invalid.' },
          },
        },
      },
      '/items/{itemId}': {
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getItem',
          responses: {
            200: { description: 'The item.', content: json({ $ref: '#/components/schemas/Item' }) },
            404: { description: 'Not found.' },
          },
        },
      },
    },
    webhooks: {
      'item.changed': {
        post: {
          operationId: 'itemChanged',
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/ItemEvent' }) },
          responses: { 200: { description: 'Acknowledged.' } },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Item: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
        ItemInput: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        ItemEvent: {
          type: 'object',
          required: ['type', 'itemId'],
          properties: { type: { type: 'string', enum: ['item.created', 'item.deleted'] }, itemId: { type: 'string' } },
        },
      },
    },
  };
}

/**
 * The corpus document changed by `mutate`.
 * @param {(document: any) => void} mutate
 */
export function spec(mutate) {
  const document = corpusDocument();
  mutate(document);
  return document;
}

/**
 * With `ItemInput`, the request body of `POST /items`, replaced.
 * @param {unknown} schema
 */
export const requestSchema = (schema) => spec((d) => (d.components.schemas.ItemInput = schema));

/**
 * With `Item`, the response of `POST /items` and both `GET`s, replaced.
 * @param {unknown} schema
 */
export const responseSchema = (schema) => spec((d) => (d.components.schemas.Item = schema));

/**
 * With `ItemInput` an object whose one property `value` has this schema.
 * @param {unknown} value
 * @param {{ required?: boolean }} [options]
 */
export const requestProperty = (value, { required = false } = {}) =>
  requestSchema({ type: 'object', ...(required ? { required: ['value'] } : {}), properties: { value } });

/**
 * With `Item` an object with its `id` and a property `value` of this schema.
 * @param {unknown} value
 * @param {{ required?: boolean }} [options]
 */
export const responseProperty = (value, { required = false } = {}) =>
  responseSchema({
    type: 'object',
    required: required ? ['id', 'value'] : ['id'],
    properties: { id: { type: 'string' }, value },
  });

/**
 * With `Item` sent as the request body of `POST /items` too, so both directions judge it.
 * @param {unknown} schema
 */
export const sharedSchema = (schema) =>
  spec((d) => {
    d.components.schemas.Item = schema;
    d.paths['/items'].post.requestBody.content = json({ $ref: '#/components/schemas/Item' });
    delete d.components.schemas.ItemInput;
  });

/**
 * With these parameters on `GET /items`.
 * @param {...unknown} parameters
 */
export const queryParameters = (...parameters) => spec((d) => (d.paths['/items'].get.parameters = parameters));

/**
 * With one query parameter `limit` of this schema (and more keys of the parameter, if given).
 * @param {unknown} schema
 * @param {object} [more]
 */
export const limitParameter = (schema, more = {}) => queryParameters({ name: 'limit', in: 'query', schema, ...more });

/**
 * With the request body of `POST /items` replaced (undefined: none).
 * @param {unknown} body
 */
export const requestBody = (body) =>
  spec((d) => {
    if (body === undefined) delete d.paths['/items'].post.requestBody;
    else d.paths['/items'].post.requestBody = body;
  });

/**
 * With the content of the 200 response of `GET /items/{itemId}` replaced.
 * @param {unknown} content
 */
export const itemResponseContent = (content) =>
  spec((d) => (d.paths['/items/{itemId}'].get.responses['200'].content = content));

/**
 * With the headers of the 201 response of `POST /items` replaced.
 * @param {Record<string, unknown>} headers
 */
export const createdHeaders = (headers) => spec((d) => (d.paths['/items'].post.responses['201'].headers = headers));

/**
 * With `ItemEvent`, the payload of the webhook, replaced.
 * @param {unknown} schema
 */
export const eventSchema = (schema) => spec((d) => (d.components.schemas.ItemEvent = schema));

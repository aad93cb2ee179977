import { childPointer, formatPointer } from './json-pointer.js';
import { dereference } from './resolve-ref.js';

/** The methods a path item can hold, in the order OpenAPI lists them. */
export const HTTP_METHODS = /** @type {const} */ ([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]);

/**
 * The interface document names its two servers by variable: `{base_url}` is production, `{sandbox_base_url}` the
 * sandbox. A server is of the environment whose variable its URL template uses.
 */
export const ENVIRONMENT_BY_SERVER_VARIABLE = /** @type {const} */ ({
  base_url: 'production',
  sandbox_base_url: 'sandbox',
});

/** @typedef {'production' | 'sandbox'} Environment */

/**
 * @typedef {object} ContractServer
 * @property {string} url the URL template (`{sandbox_base_url}`)
 * @property {string} defaultUrl the template with every variable at its default
 * @property {Environment | undefined} environment which of the document's two servers it is
 * @property {string | undefined} description
 */

/**
 * @typedef {object} ContractParameter
 * @property {string} name
 * @property {'path' | 'query' | 'header' | 'cookie'} in
 * @property {boolean} required
 * @property {any} schema the parameter's schema (undefined when it has none)
 * @property {string} schemaPointer where the schema sits, for the validator
 * @property {unknown} example the parameter's `example`, else the value of its first named example, if any
 * @property {Record<string, unknown>} examples the values of its named `examples`, by name (`{}` when none)
 * @property {any} parameter the resolved Parameter Object
 */

/**
 * @typedef {object} ContractResponse
 * @property {string} status the key in `responses`: `200`, `4XX` or `default`
 * @property {string} pointer where the resolved Response Object sits
 * @property {any} response the resolved Response Object
 * @property {string[]} mediaTypes the keys of its `content`
 * @property {string[]} exampleNames the named examples of its `application/json` content, in document order
 */

/**
 * @typedef {object} ContractRequestBody
 * @property {boolean} required
 * @property {string} pointer where the resolved Request Body Object sits
 * @property {any} requestBody the resolved Request Body Object
 * @property {string[]} mediaTypes the keys of its `content`
 */

/**
 * One operation of the contract, with everything inherited already applied: path-level parameters merged
 * (an operation-level one wins on the same name and location), the document's security and servers where the
 * operation sets none, every `$ref` resolved.
 * @typedef {object} ContractOperation
 * @property {string} operationId
 * @property {string} method upper case (`GET`)
 * @property {string} path the path template (`/v1/rfi/{rfiId}`)
 * @property {string} pointer where the Operation Object sits
 * @property {any} operation the Operation Object as written
 * @property {any} pathItem the Path Item Object that holds it, as written (its parameters still references)
 * @property {ContractParameter[]} parameters
 * @property {ContractRequestBody | undefined} requestBody
 * @property {ContractResponse[]} responses in document order
 * @property {Array<Record<string, string[]>>} security the security requirements that apply (`[]`: none)
 * @property {boolean} requiresBearer some requirement names an HTTP bearer scheme
 * @property {ContractServer[]} servers the servers that apply
 * @property {boolean} sandboxOnly marked `x-sandbox-only: true`
 * @property {boolean} designedHere marked `x-designed-here: true`
 */

/**
 * Every operation under `paths` (webhooks are sent by the service, not served, see {@link listWebhooks}).
 * @param {any} document the bundled OpenAPI document
 * @returns {ContractOperation[]}
 */
export function listOperations(document) {
  return Object.entries(document.paths ?? {}).flatMap(([path, rawItem]) => {
    const { node: pathItem, pointer: itemPointer } = dereference(document, rawItem, formatPointer(['paths', path]));
    return HTTP_METHODS.filter((method) => pathItem[method]).map((method) =>
      describeOperation(document, { path, method, pathItem, itemPointer }),
    );
  });
}

/**
 * @typedef {object} ContractWebhook a webhook the service sends
 * @property {string} name its key in `webhooks` (`v1.rfi.case.*`)
 * @property {string} method upper case
 * @property {string} pointer where its Operation Object sits
 * @property {any} operation
 * @property {any} pathItem the Path Item Object that holds it, as written
 * @property {ContractRequestBody | undefined} requestBody the payload
 */

/**
 * The webhooks the service sends, one entry per method of each.
 * @param {any} document
 * @returns {ContractWebhook[]}
 */
export function listWebhooks(document) {
  return Object.entries(document.webhooks ?? {}).flatMap(([name, rawItem]) => {
    const { node: item, pointer } = dereference(document, rawItem, formatPointer(['webhooks', name]));
    return HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      name,
      method: method.toUpperCase(),
      pointer: childPointer(pointer, method),
      operation: item[method],
      pathItem: item,
      requestBody: describeRequestBody(
        document,
        item[method].requestBody,
        childPointer(pointer, method, 'requestBody'),
      ),
    }));
  });
}

/**
 * The token exchange: the one operation that opts out of security (`security: []`).
 * @param {ContractOperation[]} operations
 * @returns {ContractOperation | undefined} undefined unless exactly one operation does
 */
export function findTokenOperation(operations) {
  const open = operations.filter(
    (operation) => Array.isArray(operation.operation.security) && operation.security.length === 0,
  );
  return open.length === 1 ? open[0] : undefined;
}

/**
 * @param {any} document
 * @param {{ path: string, method: string, pathItem: any, itemPointer: string }} where
 * @returns {ContractOperation}
 */
function describeOperation(document, { path, method, pathItem, itemPointer }) {
  const operation = pathItem[method];
  const pointer = childPointer(itemPointer, method);
  /** @type {Map<string, ContractParameter>} */
  const parameters = new Map();
  for (const [list, listPointer] of [
    [pathItem.parameters, childPointer(itemPointer, 'parameters')],
    [operation.parameters, childPointer(pointer, 'parameters')],
  ]) {
    for (const [index, raw] of (list ?? []).entries()) {
      const { node, pointer: at } = dereference(document, raw, childPointer(listPointer, index));
      const examples = Object.fromEntries(
        Object.entries(node.examples ?? {}).map(([name, example]) => [
          name,
          dereference(document, example).node?.value,
        ]),
      );
      parameters.set(`${node.in}:${node.name}`, {
        name: node.name,
        in: node.in,
        required: node.required === true,
        schema: node.schema,
        schemaPointer: childPointer(at, 'schema'),
        example: node.example ?? Object.values(examples)[0],
        examples,
        parameter: node,
      });
    }
  }
  const security = operation.security ?? document.security ?? [];
  return {
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    pointer,
    operation,
    pathItem,
    parameters: [...parameters.values()],
    requestBody: describeRequestBody(document, operation.requestBody, childPointer(pointer, 'requestBody')),
    responses: Object.entries(operation.responses ?? {}).map(([status, raw]) => {
      const { node, pointer: at } = dereference(document, raw, childPointer(pointer, 'responses', status));
      return {
        status,
        pointer: at,
        response: node,
        mediaTypes: Object.keys(node.content ?? {}),
        exampleNames: Object.keys(node.content?.['application/json']?.examples ?? {}),
      };
    }),
    security,
    requiresBearer: security.some((/** @type {Record<string, string[]>} */ requirement) =>
      Object.keys(requirement).some((scheme) => isBearerScheme(document, scheme)),
    ),
    servers: (operation.servers ?? pathItem.servers ?? document.servers ?? []).map(describeServer),
    sandboxOnly: operation['x-sandbox-only'] === true,
    designedHere: operation['x-designed-here'] === true,
  };
}

/**
 * @param {any} document
 * @param {unknown} raw
 * @param {string} pointer
 * @returns {ContractRequestBody | undefined}
 */
function describeRequestBody(document, raw, pointer) {
  if (raw === undefined) return undefined;
  const { node, pointer: at } = dereference(document, raw, pointer);
  return {
    required: node.required === true,
    pointer: at,
    requestBody: node,
    mediaTypes: Object.keys(node.content ?? {}),
  };
}

/**
 * @param {any} document
 * @param {string} scheme a key of `components.securitySchemes`
 */
function isBearerScheme(document, scheme) {
  const raw = document.components?.securitySchemes?.[scheme];
  if (!raw) return false;
  const definition = dereference(document, raw).node;
  return definition?.type === 'http' && String(definition.scheme).toLowerCase() === 'bearer';
}

/**
 * @param {any} server a Server Object
 * @returns {ContractServer}
 */
export function describeServer(server) {
  const variables = server.variables ?? {};
  const environmentVariable = Object.keys(ENVIRONMENT_BY_SERVER_VARIABLE).find((name) =>
    server.url.includes(`{${name}}`),
  );
  return {
    url: server.url,
    defaultUrl: server.url.replace(/\{([^}]+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) =>
      variables[name]?.default === undefined ? whole : String(variables[name].default),
    ),
    environment: environmentVariable
      ? ENVIRONMENT_BY_SERVER_VARIABLE[/** @type {keyof typeof ENVIRONMENT_BY_SERVER_VARIABLE} */ (environmentVariable)]
      : undefined,
    description: server.description,
  };
}

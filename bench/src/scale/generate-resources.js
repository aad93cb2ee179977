/** Resources per tag, so that a large spec has tags of a realistic size rather than one per resource. */
const RESOURCES_PER_AREA = 20;
/**
 * Every tenth resource lives under /v1/rfi, where writes also document 409 (as the RFI area of ours), five segments
 * deep: no path of ours has as many there, so none can match the same URL (lint's no-ambiguous-paths).
 */
const RFI_EVERY = 10;
/** Digits of a resource number: names sort and stay the same length up to 99,999 resources. */
const NUMBER_WIDTH = 5;
const COMPONENTS = '../components';
/** Our shared error responses (spec/components/responses) by status: a read's, then what writes and RFI writes add. */
const READ_ERRORS = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  429: 'TooManyRequests',
  500: 'InternalServerError',
};
const WRITE_ERRORS = { ...READ_ERRORS, 415: 'UnsupportedMediaType' };
const RFI_WRITE_ERRORS = { ...WRITE_ERRORS, 409: 'RfiConflict' };

/** A schema every resource shares, so that the $ref graph has the fan-in of ours (an open status enum). */
const SHARED_RESOURCE_SCHEMAS = {
  'components/schemas/ItemStatus.yaml': {
    description: 'Status of an item; an open set.',
    anyOf: [{ type: 'string', enum: ['ACTIVE', 'INACTIVE'] }, { type: 'string' }],
  },
};

/**
 * @typedef {{ operationId: string, method: 'get' | 'put', path: string,
 *   pathParameter: { name: string, example: string }, requestExample?: object }} GeneratedOperation path: the
 *   template; requestExample: the request body's named example (writes)
 */

/**
 * Resources shaped like ours, with exactly `operationCount` operations: each has a path file with a read and an
 * update (the last one a read only, to reach an odd count), its path parameter, its schemas and its named examples
 * (paired by name between request and response), `AccountId` at path level, and error responses as `$ref`s to ours
 * by section 4's rule per operation kind.
 * @param {number} operationCount
 * @returns {{ files: Map<string, object>, paths: Record<string, { $ref: string }>, tags: Array<{ name: string,
 *   description: string }>, operations: GeneratedOperation[] }} files: documents by their path under the spec root;
 *   paths and tags: the entries of the root's
 */
export function generateResources(operationCount) {
  /** @type {Map<string, object>} */
  const files = new Map(Object.entries(SHARED_RESOURCE_SCHEMAS));
  /** @type {Record<string, { $ref: string }>} */
  const paths = {};
  const tags = new Map();
  /** @type {GeneratedOperation[]} */
  const operations = [];
  for (let index = 1; operations.length < operationCount; index += 1) {
    const number = String(index).padStart(NUMBER_WIDTH, '0');
    const area = String(Math.ceil(index / RESOURCES_PER_AREA)).padStart(3, '0');
    const tag = `Area ${area}`;
    const path = `/v1/${index % RFI_EVERY === 0 ? 'rfi/generated' : `area-${area}`}/items-${number}/{item${number}Id}`;
    const pathFile = `paths/${path.slice(1).replaceAll('/', '_')}.yaml`;
    const resource = resourceFiles(number, { path, tag, withWrite: operations.length + 2 <= operationCount });
    for (const [file, document] of Object.entries(resource.files)) files.set(file, document);
    files.set(pathFile, resource.item);
    paths[path] = { $ref: pathFile };
    tags.set(tag, `Items of ${tag.toLowerCase()}.`);
    operations.push(...resource.operations);
  }
  return { files, paths, tags: [...tags].map(([name, description]) => ({ name, description })), operations };
}

/**
 * The files of one resource: its path item (with its parameters), its schemas and examples.
 * @param {string} number the resource's number, zero-padded
 * @param {{ path: string, tag: string, withWrite: boolean }} options
 */
function resourceFiles(number, { path, tag, withWrite }) {
  const name = `Item${number}`;
  const id = `00000000-0000-4000-8000-${Number(number).toString(16).padStart(12, '0')}`;
  const pathParameter = { name: `item${number}Id`, example: id };
  const exampleName = `item${number}`;
  const json = (/** @type {string} */ component) => ({
    'application/json': {
      schema: { $ref: `${COMPONENTS}/schemas/${component}.yaml` },
      examples: { [exampleName]: { $ref: `${COMPONENTS}/examples/${component}.yaml` } },
    },
  });
  const errors = (/** @type {Record<string, string>} */ byStatus) =>
    Object.fromEntries(
      Object.entries(byStatus).map(([status, response]) => [
        status,
        { $ref: `${COMPONENTS}/responses/${response}.yaml` },
      ]),
    );
  const item = {
    // Written in the path file, as ours are: a parameter's examples carry the names of its operations' exchanges.
    parameters: [
      {
        name: 'AccountId',
        in: 'header',
        required: true,
        schema: { $ref: `${COMPONENTS}/schemas/AccountId.yaml` },
        examples: { [exampleName]: { $ref: `${COMPONENTS}/examples/AccountPrimary.yaml` } },
      },
      {
        name: pathParameter.name,
        in: 'path',
        required: true,
        description: `Identifier of item ${number} (UUID).`,
        schema: { type: 'string', format: 'uuid' },
        examples: { [exampleName]: { value: id } },
      },
    ],
    get: {
      operationId: `get${name}`,
      summary: `Get item ${number}`,
      description: `Returns item ${number} identified by the UUID in the path.`,
      tags: [tag],
      responses: { 200: { description: `Item ${number}.`, content: json(name) }, ...errors(READ_ERRORS) },
    },
  };
  const example = {
    id,
    name: `Item ${number}`,
    status: 'ACTIVE',
    amount: '125.00',
    createdAt: '2024-05-01T10:00:00Z',
  };
  /** @type {Record<string, object>} */
  const files = {
    [`components/schemas/${name}.yaml`]: {
      type: 'object',
      description: `Item ${number}.`,
      required: ['id', 'name', 'status'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        status: { $ref: './ItemStatus.yaml' },
        amount: { type: 'string', description: 'Decimal amount as a string.' },
        createdAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: true,
    },
    [`components/examples/${name}.yaml`]: { summary: `Item ${number}`, value: example },
  };
  /** @type {GeneratedOperation[]} */
  const operations = [{ operationId: `get${name}`, method: 'get', path, pathParameter }];
  if (!withWrite) return { item, files, operations };
  // A replace: the item as the request body, answered as stored.
  const put = {
    operationId: `update${name}`,
    summary: `Update item ${number}`,
    description: `Replaces item ${number} with the request body and returns it as stored.`,
    tags: [tag],
    requestBody: { required: true, content: json(name) },
    responses: {
      200: { description: `Item ${number} as stored.`, content: json(name) },
      ...errors(path.startsWith('/v1/rfi/') ? RFI_WRITE_ERRORS : WRITE_ERRORS),
    },
  };
  operations.push({ operationId: `update${name}`, method: 'put', path, pathParameter, requestExample: example });
  return { item: { ...item, put }, files, operations };
}

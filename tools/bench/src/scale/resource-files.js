import {
  errorResponseRefs,
  READ_ERRORS,
  RFI_WRITE_ERRORS,
  uuidPathParameter,
  WRITE_ERRORS,
} from './shared-components.js';

/** Resources per tag, so that a large spec has tags of a realistic size rather than one per resource. */
const RESOURCES_PER_AREA = 20;
/** Every tenth resource lives under /v1/rfi, where writes also document 409 (as the RFI area of ours). */
const RFI_EVERY = 10;
/** Digits of a resource number: names sort and stay the same length up to 99,999 resources. */
const NUMBER_WIDTH = 5;

/** Schemas every resource shares, so the $ref graph has the fan-in of ours (ErrorEnvelope, a status enum). */
export const SHARED_RESOURCE_SCHEMAS = {
  'components/schemas/Money.yaml': {
    type: 'object',
    description: 'An amount in a currency.',
    required: ['value', 'currency'],
    properties: {
      value: { type: 'string', description: 'Decimal amount as a string.' },
      currency: { type: 'string', description: 'ISO 4217 code.' },
    },
    additionalProperties: false,
  },
  'components/schemas/ItemStatus.yaml': {
    description: 'Status of an item; an open set.',
    anyOf: [{ type: 'string', enum: ['ACTIVE', 'INACTIVE'] }, { type: 'string' }],
  },
};

/**
 * @typedef {object} GeneratedOperation
 * @property {string} operationId
 * @property {'get' | 'put'} method
 * @property {string} path the path template
 * @property {{ name: string, example: string }} pathParameter
 * @property {object} [requestExample] the request body's named example value (writes)
 * @property {object} responseExample the 200 body's named example value
 */

/**
 * The files of resource number `index` (1-based): its path file with a read and, when `withWrite`, an
 * update, its path parameter, its schemas and its named examples (paired by name between request and
 * response). Shaped like ours: path-level AccountId, errors as $refs to shared responses.
 * @param {number} index
 * @param {{ withWrite: boolean }} options
 * @returns {{ path: string, pathFile: string, tag: string, item: object, files: Record<string, object>,
 *   operations: GeneratedOperation[] }}
 */
export function resourceFiles(index, { withWrite }) {
  const number = String(index).padStart(NUMBER_WIDTH, '0');
  const name = `Item${number}`;
  const idName = `item${number}Id`;
  const id = `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
  const underRfi = index % RFI_EVERY === 0;
  const tag = areaTag(index);
  const path = underRfi ? `/v1/rfi/items-${number}/{${idName}}` : `/v1/${areaSlug(index)}/items-${number}/{${idName}}`;
  const pathFile = `paths/${path.slice(1).replaceAll('/', '_')}.yaml`;
  const exampleName = `item${number}`;
  const components = '../components';

  const responseExample = {
    id,
    name: `Item ${number}`,
    status: 'ACTIVE',
    amount: { value: '125.00', currency: 'EUR' },
    createdAt: '2024-05-01T10:00:00Z',
  };
  const requestExample = { name: `Item ${number}`, status: 'ACTIVE', amount: { value: '125.00', currency: 'EUR' } };
  const okResponse = (/** @type {string} */ description) => ({
    description,
    content: {
      'application/json': {
        schema: { $ref: `${components}/schemas/${name}.yaml` },
        examples: { [exampleName]: { $ref: `${components}/examples/${name}.yaml` } },
      },
    },
  });

  /** @type {Record<string, any>} */
  const item = {
    parameters: [
      { $ref: `${components}/parameters/AccountId.yaml` },
      { $ref: `${components}/parameters/${name}Id.yaml` },
    ],
    get: {
      operationId: `get${name}`,
      summary: `Get item ${number}`,
      description: `Returns item ${number} identified by the UUID in the path.`,
      tags: [tag],
      responses: { 200: okResponse(`Item ${number}.`), ...errorResponseRefs(READ_ERRORS, components) },
    },
  };
  /** @type {GeneratedOperation[]} */
  const operations = [
    { operationId: `get${name}`, method: 'get', path, pathParameter: { name: idName, example: id }, responseExample },
  ];
  /** @type {Record<string, any>} */
  const files = {
    [`components/parameters/${name}Id.yaml`]: uuidPathParameter(idName, `item ${number}`, id),
    [`components/schemas/${name}.yaml`]: {
      type: 'object',
      description: `Item ${number}.`,
      required: ['id', 'name', 'status'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        status: { $ref: './ItemStatus.yaml' },
        amount: { $ref: './Money.yaml' },
        createdAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: true,
    },
    [`components/examples/${name}.yaml`]: { summary: `Item ${number}`, value: responseExample },
  };

  if (withWrite) {
    item.put = {
      operationId: `update${name}`,
      summary: `Update item ${number}`,
      description: `Replaces item ${number} with the request body and returns it as stored.`,
      tags: [tag],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: `${components}/schemas/${name}Request.yaml` },
            examples: { [exampleName]: { $ref: `${components}/examples/${name}Request.yaml` } },
          },
        },
      },
      responses: {
        200: okResponse(`Item ${number} as stored.`),
        ...errorResponseRefs(underRfi ? RFI_WRITE_ERRORS : WRITE_ERRORS, components),
      },
    };
    operations.push({
      operationId: `update${name}`,
      method: 'put',
      path,
      pathParameter: { name: idName, example: id },
      requestExample,
      responseExample,
    });
    files[`components/schemas/${name}Request.yaml`] = {
      type: 'object',
      description: `The new content of item ${number}.`,
      required: ['name'],
      properties: { name: { type: 'string' }, status: { $ref: './ItemStatus.yaml' }, amount: { $ref: './Money.yaml' } },
      additionalProperties: true,
    };
    files[`components/examples/${name}Request.yaml`] = { summary: `Item ${number}`, value: requestExample };
  }
  return { path, pathFile, tag, item, files, operations };
}

/** @param {number} index */
function areaNumber(index) {
  return String(Math.ceil(index / RESOURCES_PER_AREA)).padStart(3, '0');
}

/** @param {number} index */
function areaSlug(index) {
  return `area-${areaNumber(index)}`;
}

/** @param {number} index */
function areaTag(index) {
  return `Area ${areaNumber(index)}`;
}

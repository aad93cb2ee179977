// Every named example of the spec, sent to the emulator as it is, gets the answer its paired response example shows:
// the emulator's seed is the examples' ids (src/example-fixtures.js). Each exchange starts from the seed (the
// emulator is reset before each test), and takes its bearer token from the token example, sent as it is too.
import { FILE_PARTS_EXTENSION, loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

const contract = loadContract();

/**
 * Values the emulator makes anew on every call, which no example can hold: the token it issues, the session token
 * a refresh gives (a new one is the point of the refresh) and the time of an attach (the emulator's clock). They are
 * compared by type; every other field an example names is compared by value.
 */
const GENERATED_FIELDS = new Set(['access_token', 'sessionToken', 'attachedAt']);

/** The named examples that pair completely: a request every part of which the examples give. */
const exchanges = contract.operations.flatMap((operation) =>
  contract
    .namedExamples(operation)
    .filter((named) => named.problems.length === 0 && (named.parameters.length > 0 || named.body))
    .map((named) => /** @type {const} */ ([`${operation.operationId} ${named.name}`, operation, named])),
);

/**
 * The example value as an expectation: the fields it names, generated ones by type. The emulator's records carry
 * fields the document does not show (and no example may show), so the answer must contain the example, not equal it.
 * @param {unknown} value
 * @returns {unknown}
 */
function expectation(value) {
  if (Array.isArray(value)) return value.map(expectation);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      GENERATED_FIELDS.has(key) && typeof field === 'string' ? expect.stringMatching(/\S/) : expectation(field),
    ]),
  );
}

describe('every named example round-trips against the emulator', () => {
  const ctx = useEmulator({ strict: true });

  /** A bearer token from the token example, sent as it is. */
  async function exampleToken() {
    const tokenOperation = contract.tokenOperation;
    if (!tokenOperation) throw new Error('the spec has no token operation');
    const request = contract.exampleRequest(tokenOperation, 'clientCredentials');
    const response = await fetch(`${ctx.emulator.url}${request.target}`, request);
    expect(response.status).toBe(200);
    return /** @type {string} */ ((await response.json()).access_token);
  }

  it('covers every operation: each has a named example that pairs completely', () => {
    const covered = new Set(exchanges.map(([, operation]) => operation.operationId));
    const uncovered = contract.operations.map((o) => o.operationId).filter((id) => !covered.has(id));
    expect(uncovered).toEqual([]);
    console.log(`${exchanges.length} named examples round-trip across ${covered.size} operations`);
  });

  it.each(exchanges)('%s', async (_label, operation, named) => {
    const request = contract.exampleRequest(operation, named.name);
    const headers = { ...request.headers };
    if (operation.requiresBearer) headers.Authorization = `Bearer ${await exampleToken()}`;
    const response = await fetch(`${ctx.emulator.url}${request.target}`, {
      method: request.method,
      headers,
      body: request.body,
    });
    const text = await response.text();
    expect({ status: response.status, body: text }).toMatchObject({ status: Number(named.response?.status) });
    const example = named.response?.example;
    if (example === undefined) expect(text).toBe('');
    else expect(JSON.parse(text)).toMatchObject(/** @type {object} */ (expectation(example.value)));
  });

  /** Where the emulator's answer records the uploaded file (its own fields: the document shows none). */
  const uploads = /** @type {const} */ ([
    ['uploadPaymentRequestPreviewLogo', 'hostedUnpaid', 'logo', 'previewLogoOverride'],
    ['attachRfiDocument', 'attached', 'document', 'document'],
  ]);

  it.each(uploads)('%s %s uploads the file its example names: name, type and size', async (id, name, part, field) => {
    const operation = contract.operation(id);
    if (!operation) throw new Error(`no ${id}`);
    const request = contract.exampleRequest(operation, name);
    const headers = { ...request.headers, Authorization: `Bearer ${await exampleToken()}` };
    const response = await fetch(`${ctx.emulator.url}${request.target}`, { ...request, headers });
    const body = /** @type {any} */ (await response.json());
    const media = operation.requestBody?.requestBody.content['multipart/form-data'];
    const example = contract.dereference(media.examples[name]).node;
    const file = example[FILE_PARTS_EXTENSION][part];
    expect(body[field]).toMatchObject({
      fileName: file.fileName,
      contentType: file.contentType,
      size: Buffer.byteLength(example.value[part]),
    });
  });
});

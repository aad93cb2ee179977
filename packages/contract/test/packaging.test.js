// The package as another team loads it, with require() and with import, in a process of its own, judging the
// answers of a server on 127.0.0.1.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';

const run = promisify(execFile);
const contract = loadContract();
/** The body the server answers next. */
let nextBody = '';
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(nextBody);
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/**
 * Runs a consumer against the server, which answers `body` to it.
 * @param {string} consumer
 * @param {unknown} body
 */
async function runConsumer(consumer, body) {
  nextBody = JSON.stringify(body);
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const { stdout } = await run(process.execPath, [fileURLToPath(new URL(`consumers/${consumer}`, import.meta.url))], {
    env: { ...process.env, SERVER_URL: `http://127.0.0.1:${address.port}` },
  });
  return JSON.parse(stdout);
}

/** A consumer process loads the model in a few hundred ms; a busy CI machine may take many times that. */
const CONSUMER_TIMEOUT_MS = 30_000;

describe('@payments-connect/contract loaded by name in a consumer process', { timeout: CONSUMER_TIMEOUT_MS }, () => {
  it('consumer.cjs: require() of the model and the bundle; an answer keeping the contract has no problem', async () => {
    const operation = contract.operation('listRfiCases');
    const media = operation?.responses.find((r) => r.status === '200')?.response.content?.['application/json'];
    const example = contract.dereference(Object.values(media?.examples ?? {})[0]).node?.value;
    expect(example).toBeDefined();
    expect(await runConsumer('consumer.cjs', example)).toEqual({
      version: contract.document.info.version,
      operationId: 'listRfiCases',
      problems: [],
    });
  });

  it('consumer.mjs: import of the model; an answer that breaks the contract is caught', async () => {
    expect(await runConsumer('consumer.mjs', { items: 'not a list' })).toEqual({
      operations: contract.operations.length,
      problems: 1,
    });
  });
});

// The package as another team loads it, with require() and with import, in a process of its own.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const contract = loadContract();

describe('@payments-connect/mock loaded by name in a consumer process', () => {
  it('consumer.cjs: require() starts the mock, which answers, journals it (connectMock) and stops', async () => {
    const { stdout } = await run(process.execPath, [fileURLToPath(new URL('consumers/consumer.cjs', import.meta.url))]);
    const { status, body, requests } = JSON.parse(stdout);
    expect(status).toBe(200);
    expect(requests).toBe(1);
    const operation = contract.operation('listRfiCases');
    if (!operation) throw new Error('no listRfiCases in the spec');
    const answer = { status, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body) };
    expect(contract.validateResponse(operation, answer).problems).toEqual([]);
  });

  it('consumer.mjs: import does the same, and a request without AccountId gets the envelope', async () => {
    const { stdout } = await run(process.execPath, [fileURLToPath(new URL('consumers/consumer.mjs', import.meta.url))]);
    const { status, body, journaled } = JSON.parse(stdout);
    expect(status).toBe(400);
    expect(journaled).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('AccountId') });
  });
});

import { describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';
import { countPairedExamples } from './count-paired-examples.js';

const contract = loadContract();

/** Every named example of every operation that pairs completely. */
const complete = contract.operations.flatMap((operation) =>
  contract
    .namedExamples(operation)
    .filter((named) => named.problems.length === 0)
    .map((named) => /** @type {const} */ ([`${operation.operationId} ${named.name}`, operation, named])),
);

describe('named examples, paired by name', () => {
  it('every example a request part names pairs completely: its parameters, its body and a response', () => {
    const count = countPairedExamples(contract);
    console.log(
      `${count.examples} named examples across ${count.operations} operations: ${count.complete} pair completely, ` +
        `${count.incomplete} incomplete, ${count.responseOnly} response-only refusals`,
    );
    expect(count.problems).toEqual([]);
  });

  it('every operation has a complete example that answers a success', () => {
    const without = contract.operations
      .filter(
        (operation) => !complete.some(([, o, named]) => o === operation && /^2/.test(named.response?.status ?? '')),
      )
      .map((operation) => operation.operationId);
    expect(without).toEqual([]);
  });

  it.each(complete)('%s is a request the contract accepts', async (_label, operation, named) => {
    const request = contract.exampleRequest(operation, named.name);
    const url = new URL(request.target, 'http://127.0.0.1');
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), [value]]),
    );
    if (operation.requiresBearer) headers.authorization = ['Bearer example-access-token'];
    const match = contract.match(request.method, request.target);
    expect(match.kind === 'matched' && match.operation).toBe(operation);
    const pathParams = match.kind === 'matched' ? match.pathParams : {};
    const head = contract.checkRequestHead(operation, { headers, pathParams, query: url.searchParams });
    expect(head.violations).toEqual([]);
    const body = await contract.checkRequestBody(operation, { headers, body: request.body });
    expect(body.violations).toEqual([]);
  });

  it('a file upload is sent as the file: the multipart body of its externalValue, boundary in the header', () => {
    const attach = contract.operation('attachRfiDocument');
    if (!attach) throw new Error('no attachRfiDocument');
    const request = contract.exampleRequest(attach, 'attached');
    expect(request.headers['Content-Type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(Buffer.from(request.body ?? []).toString('latin1')).toContain('%PDF-');
  });

  it('an operation whose success has no content pairs the names all its parameters carry with that response', () => {
    const deactivate = contract.operation('deactivateUser');
    if (!deactivate) throw new Error('no deactivateUser');
    const user = contract.namedExamples(deactivate).find((named) => named.name === 'user');
    expect(user).toMatchObject({ problems: [], response: { status: '204', example: undefined } });
  });
});

describe('the pairing check can fail', () => {
  it('names a parameter without the example, a multipart body given as text, a request no response answers', () => {
    const document = structuredClone(contract.document);
    delete document.components.parameters.RfiId.examples.answered;
    // What a bundler that reads a serialized body into the example makes of it: a string, not the object of parts.
    document.components.examples.RfiDocumentUpload = {
      value: '--b\r\nContent-Disposition: form-data; name="document"',
    };
    document.paths['/v1/rfi/{rfiId}/responses'].put.requestBody.content['application/json'].examples.extra = {
      value: { answers: [] },
    };
    const problems = countPairedExamples(createContract(document)).problems;
    expect(problems).toContain('answerRfiQuestion answered: the path parameter rfiId has no example answered');
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^attachRfiDocument attached: .*example attached: its value is not an object with one property/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^submitRfiResponses extra: .*no response has an example/));
  });
});

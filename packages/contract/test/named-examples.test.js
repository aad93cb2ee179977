import { describe, expect, it } from 'vitest';
import { createContract, FILE_PARTS_EXTENSION, loadContract } from '../src/contract.js';
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

  it.each([
    ['uploadPaymentRequestPreviewLogo', 'hostedUnpaid', 'logo', 'PreviewLogoUpload'],
    ['attachRfiDocument', 'attached', 'document', 'RfiDocumentUpload'],
  ])(
    '%s %s is sent as a multipart body: the file part %s as the file its example names',
    async (id, name, part, ex) => {
      const operation = contract.operation(id);
      if (!operation) throw new Error(`no ${id}`);
      const request = contract.exampleRequest(operation, name);
      const example = contract.document.components.examples[ex];
      expect(request.headers['Content-Type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
      const form = await new Request('http://127.0.0.1/', {
        method: 'PUT',
        headers: { 'content-type': request.headers['Content-Type'] },
        body: request.body,
      }).formData();
      const file = /** @type {File} */ (form.get(part));
      const { fileName, contentType } = example['x-file-parts'][part];
      expect([file.name, file.type, await file.text()]).toEqual([fileName, contentType, example.value[part]]);
    },
  );

  it('every file part of a multipart request example names its file and its type (x-file-parts)', () => {
    /** @type {string[]} */
    const unnamed = [];
    let fileParts = 0;
    for (const operation of contract.operations) {
      for (const [mediaType, media] of Object.entries(operation.requestBody?.requestBody.content ?? {})) {
        if (!mediaType.startsWith('multipart/')) continue;
        for (const [name, raw] of Object.entries(/** @type {any} */ (media).examples ?? {})) {
          const example = contract.dereference(raw).node;
          for (const part of contract.exampleParts(media, example).filter((p) => p.fileName !== undefined)) {
            fileParts += 1;
            const file = example[FILE_PARTS_EXTENSION]?.[part.name];
            if (typeof file?.fileName !== 'string' || typeof file?.contentType !== 'string') {
              unnamed.push(`${operation.operationId} ${name} ${part.name}`);
            }
          }
        }
      }
    }
    expect(fileParts).toBeGreaterThan(0);
    expect(unnamed).toEqual([]);
  });

  it('an operation whose success has no content pairs the names all its parameters carry with that response', () => {
    const deactivate = contract.operation('deactivateUser');
    if (!deactivate) throw new Error('no deactivateUser');
    const requests = contract.namedExamples(deactivate).filter((named) => named.parameters.length > 0);
    expect(requests).toMatchObject([
      { name: 'deactivatedUser', problems: [], response: { status: '204', example: undefined } },
    ]);
  });
});

describe('the pairing check can fail', () => {
  it('names a parameter without the example, a multipart body given as text, a request no response answers', () => {
    const document = structuredClone(contract.document);
    const answer = document.paths['/v1/rfi/{rfiId}/questions/{questionId}/answer'];
    delete answer.parameters.find((/** @type {any} */ p) => p.name === 'rfiId').examples.answered;
    // A name of another operation's exchange, which tools would make an exchange of this one's.
    answer.parameters[0].examples.openCase = answer.parameters[0].examples.answered;
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
    expect(problems).toContainEqual(expect.stringMatching(/^answerRfiQuestion openCase: .*no response has an example/));
  });

  it('names a request body example with no value, an externalValue file included (the model reads none)', () => {
    const document = structuredClone(contract.document);
    document.components.examples.PreviewLogoUpload = { externalValue: 'preview-logo-upload.multipart' };
    expect(countPairedExamples(createContract(document)).problems).toEqual([
      'uploadPaymentRequestPreviewLogo hostedUnpaid: the request body example hostedUnpaid has no value ' +
        '(its externalValue is not read)',
    ]);
  });
});

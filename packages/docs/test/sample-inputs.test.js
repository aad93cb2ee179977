import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { sampleInputs, sampleServerUrl } from '../src/sample-inputs.js';
import { oneOperationContract } from './one-operation-contract.js';
import { parameterExample } from './parameter-example.js';

const contract = loadContract();
const { document } = contract;
/** @param {string} operationId */
const entry = (operationId) => {
  const found = contract.operation(operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

describe('sampleInputs', () => {
  it('takes every path parameter from its example', () => {
    const inputs = sampleInputs(contract, entry('answerRfiQuestion'));
    expect(inputs.path).toEqual([
      { name: 'rfiId', value: parameterExample(contract, 'rfiId') },
      { name: 'questionId', value: parameterExample(contract, 'questionId') },
    ]);
    expect(inputs.header).toEqual([{ name: 'AccountId', value: parameterExample(contract, 'AccountId') }]);
  });

  it('takes the JSON body from the first named example of the request body', () => {
    const submit = entry('submitRfiResponses');
    const media = submit.requestBody?.requestBody.content['application/json'];
    const firstExample = contract.dereference(Object.values(media.examples)[0]).node.value;
    expect(sampleInputs(contract, submit).body).toEqual({
      kind: 'json',
      mediaType: 'application/json',
      value: firstExample,
    });
  });

  it('reads a multipart example into the parts the contract model sends: a file part as the file it names', () => {
    const example = document.components.examples.PreviewLogoUpload;
    expect(sampleInputs(contract, entry('uploadPaymentRequestPreviewLogo')).body).toEqual({
      kind: 'multipart',
      mediaType: 'multipart/form-data',
      fields: [{ name: 'logo', value: example.value.logo, fileName: 'logo.svg', contentType: 'image/svg+xml' }],
    });
  });

  it('keeps a text part a field, and names a file part after the part when the example names no file', () => {
    const { contract: uploadContract, entry: put } = oneOperationContract({
      path: '/f',
      method: 'put',
      operation: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } } },
              examples: { one: { value: { file: '%PDF-1.4', note: 'hi' } } },
            },
          },
        },
        responses: {},
      },
    });
    expect(sampleInputs(uploadContract, put).body).toEqual({
      kind: 'multipart',
      mediaType: 'multipart/form-data',
      fields: [
        { name: 'file', value: '%PDF-1.4', fileName: 'file', contentType: 'application/octet-stream' },
        { name: 'note', value: 'hi' },
      ],
    });
  });

  it('refuses a required parameter without an example instead of inventing one', () => {
    const { contract: bare, entry: get } = oneOperationContract({
      path: '/x/{id}',
      method: 'get',
      operation: { parameters: [{ name: 'id', in: 'path', required: true }], responses: {} },
    });
    expect(() => sampleInputs(bare, get)).toThrow(/GET \/x\/\{id\}: required path parameter id has no example/);
  });

  it('refuses a request body without an example', () => {
    const { contract: bare, entry: post } = oneOperationContract({
      path: '/x',
      method: 'post',
      operation: { requestBody: { content: { 'application/json': { schema: {} } } }, responses: {} },
    });
    expect(() => sampleInputs(bare, post)).toThrow(/no named example/);
  });
});

describe('sampleServerUrl', () => {
  it("picks the server the model reads as the sandbox, at its variables' defaults", () => {
    const sandbox = document.servers.find((/** @type {any} */ server) => server.url.includes('{sandbox_base_url}'));
    expect(sampleServerUrl(contract.servers)).toBe(sandbox.variables.sandbox_base_url.default);
  });

  it('falls back to the first server, and refuses a variable without a default', () => {
    const withServers = (/** @type {any[]} */ servers) =>
      oneOperationContract({ path: '/x', method: 'get', operation: { responses: {} }, servers }).contract.servers;
    expect(
      sampleServerUrl(withServers([{ url: 'https://{host}/api', variables: { host: { default: 'a.example' } } }])),
    ).toBe('https://a.example/api');
    expect(() => sampleServerUrl(withServers([{ url: 'https://{host}', variables: {} }]))).toThrow(
      /host has no default/,
    );
  });
});

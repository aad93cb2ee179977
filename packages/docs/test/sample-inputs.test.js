import { describe, expect, it } from 'vitest';
import { readBundledSpec } from '../src/bundled-spec.js';
import { listOperations } from '../src/operations.js';
import { sampleInputs, sampleServerUrl } from '../src/sample-inputs.js';
import { resolveRef } from '../src/spec-ref.js';

const { spec } = readBundledSpec();
const entry = (operationId) => listOperations(spec).find(({ operation }) => operation.operationId === operationId);

describe('sampleInputs', () => {
  it('takes every path parameter from its example', () => {
    const inputs = sampleInputs(spec, entry('answerRfiQuestion'));
    expect(inputs.path).toEqual([
      { name: 'rfiId', value: spec.components.parameters.RfiId.example },
      { name: 'questionId', value: spec.components.parameters.QuestionId.example },
    ]);
    expect(inputs.header).toEqual([{ name: 'AccountId', value: spec.components.parameters.AccountId.example }]);
  });

  it('takes the JSON body from the first named example of the request body', () => {
    const submit = entry('submitRfiResponses');
    const media = submit.operation.requestBody.content['application/json'];
    const firstExample = resolveRef(spec, Object.values(media.examples)[0]).value;
    expect(sampleInputs(spec, submit).body).toEqual({
      kind: 'json',
      mediaType: 'application/json',
      value: firstExample,
    });
  });

  it('turns a binary multipart part into a file named from its example', () => {
    expect(sampleInputs(spec, entry('uploadPaymentRequestPreviewLogo')).body).toEqual({
      kind: 'multipart',
      mediaType: 'multipart/form-data',
      fields: [{ name: 'logo', value: '(binary PNG data)', fileName: 'logo.png' }],
    });
  });

  it('prefers the encoding content type for the file extension, and falls back to .bin', () => {
    const operation = (encoding, example) => ({
      method: 'put',
      path: '/f',
      servers: [{ url: 'https://x.example' }],
      parameters: [],
      operation: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } } },
              encoding,
              examples: { one: { value: { file: example, note: 'hi' } } },
            },
          },
        },
      },
    });
    expect(
      sampleInputs({}, operation({ file: { contentType: 'application/pdf' } }, '(binary PNG data)')).body.fields,
    ).toEqual([
      { name: 'file', value: '(binary PNG data)', fileName: 'file.pdf' },
      { name: 'note', value: 'hi' },
    ]);
    expect(sampleInputs({}, operation(undefined, 'bytes')).body.fields[0].fileName).toBe('file.bin');
  });

  it('refuses a required parameter without an example instead of inventing one', () => {
    const operation = {
      method: 'get',
      path: '/x/{id}',
      servers: [{ url: 'https://x.example' }],
      parameters: [{ name: 'id', in: 'path', required: true }],
      operation: {},
    };
    expect(() => sampleInputs({}, operation)).toThrow(/GET \/x\/\{id\}: required path parameter id has no example/);
  });

  it('refuses a request body without an example', () => {
    const operation = {
      method: 'post',
      path: '/x',
      servers: [{ url: 'https://x.example' }],
      parameters: [],
      operation: { requestBody: { content: { 'application/json': { schema: {} } } } },
    };
    expect(() => sampleInputs({}, operation)).toThrow(/no named example/);
  });
});

describe('sampleServerUrl', () => {
  it('picks the sandbox server and fills its variables with their defaults', () => {
    expect(sampleServerUrl(spec.servers)).toBe(
      spec.servers.find((server) => /sandbox/i.test(server.description)).variables.sandbox_base_url.default,
    );
  });

  it('falls back to the first server, and refuses a variable without a default', () => {
    expect(sampleServerUrl([{ url: 'https://{host}/api', variables: { host: { default: 'a.example' } } }])).toBe(
      'https://a.example/api',
    );
    expect(() => sampleServerUrl([{ url: 'https://{host}', variables: {} }])).toThrow(/host has no default/);
  });
});

import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { curlSample, requestUrl } from '../src/curl-sample.js';
import { sampleInputs } from '../src/sample-inputs.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';
import { oneOperationContract } from './one-operation-contract.js';
import { parameterExample } from './parameter-example.js';

/** @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation */

const contract = loadContract();
const spec = contract.document;
const token = contract.tokenOperation;
/** @param {ContractOperation | undefined} operation */
const sampleOf = (operation) => {
  if (!operation) throw new Error('no such operation in the bundled spec');
  return curlSample(operation, sampleInputs(contract, operation), token);
};
/** @param {string} operationId */
const entry = (operationId) => contract.operation(operationId);

/**
 * The shell words of a sample's --data argument, unquoted.
 * @param {string} sample
 */
function dataArgument(sample) {
  const quoted = /--data '((?:[^']|'\\'')*)'/.exec(sample)?.[1];
  return quoted?.replaceAll("'\\''", "'");
}

describe('curlSample', () => {
  it('sends the bearer token and AccountId exactly where the operation needs them', () => {
    for (const operationEntry of contract.operations) {
      const sample = sampleOf(operationEntry);
      const id = operationEntry.operationId;
      const needsToken = operationEntry.requiresBearer;
      const takesAccountId = operationEntry.parameters.some(
        ({ name, in: location }) => name === 'AccountId' && location === 'header',
      );
      expect(sample.includes('-H "Authorization: Bearer $ACCESS_TOKEN"'), id).toBe(needsToken);
      expect(sample.includes('-H "AccountId: $ACCOUNT_ID"'), id).toBe(takesAccountId);
      expect(sample.includes('# $ACCESS_TOKEN: the access_token from POST /auth/token'), id).toBe(needsToken);
      expect(sample, id).toMatch(new RegExp(`^(#.*\\n)+curl -X ${operationEntry.method} 'https://`));
      expect(sample.split('\n')[0], id).toBe(`# ${SAMPLE_SERVER_NOTES.placeholder}`);
      expect(sample, id).not.toMatch(/\{[A-Za-z]+\}/);
    }
  });

  it('shows the token exchange itself with its JSON body and no token', () => {
    const sample = sampleOf(token);
    expect(sample).not.toContain('Authorization');
    expect(JSON.parse(dataArgument(sample) ?? '')).toEqual(spec.components.examples.TokenRequest.value);
  });

  it('sends a JSON body from the named example', () => {
    const sample = sampleOf(entry('answerRfiQuestion'));
    expect(sample).toContain("-H 'Content-Type: application/json'");
    expect(JSON.parse(dataArgument(sample) ?? '')).toEqual(spec.components.examples.RfiAnswerRequest.value);
  });

  it("uploads the preview logo as multipart with -F, the file's type named, and no hand-set Content-Type", () => {
    const sample = sampleOf(entry('uploadPaymentRequestPreviewLogo'));
    expect(sample).toContain("-F 'logo=@logo.svg;type=image/svg+xml'");
    expect(sample).not.toContain('Content-Type');
    expect(sample).toContain(
      "'https://sandbox.api.payments-connect.example/v1/collections/payment-requests/" +
        `${parameterExample(contract, 'paymentRequestId')}/preview-logo'`,
    );
  });

  it('puts query parameters with examples on the URL', () => {
    expect(sampleOf(entry('listRfiCases'))).toContain(
      `/v1/rfi?includeTerminal=${parameterExample(contract, 'includeTerminal')}'`,
    );
  });

  it('quotes single quotes for the shell', () => {
    const { entry: open } = oneOperationContract({
      path: '/x',
      method: 'post',
      operation: { security: [], responses: {} },
    });
    /** @type {import('../src/sample-inputs.js').SampleInputs} */
    const inputs = {
      serverUrl: 'https://x.example',
      path: [],
      query: [],
      header: [],
      body: { kind: 'json', mediaType: 'application/json', value: { name: "O'Brien" } },
    };
    const sample = curlSample(open, inputs, undefined);
    expect(sample).toContain(`--data '{"name":"O'\\''Brien"}'`);
    expect(JSON.parse(dataArgument(sample) ?? '')).toEqual({ name: "O'Brien" });
  });
});

describe('requestUrl', () => {
  it('fills and encodes path parameters, and refuses one without a value', () => {
    const inputs = { serverUrl: 'https://x.example/', path: [{ name: 'id', value: 'a b' }], query: [] };
    expect(requestUrl('/v1/things/{id}', inputs)).toBe('https://x.example/v1/things/a%20b');
    expect(() => requestUrl('/v1/things/{other}', inputs)).toThrow(/other/);
  });
});

import { describe, expect, it } from 'vitest';
import { readBundledSpec } from '../src/bundled-spec.js';
import { curlSample, requestUrl } from '../src/curl-sample.js';
import { findTokenOperation, listOperations, requiresBearerToken } from '../src/operations.js';
import { sampleInputs } from '../src/sample-inputs.js';

const { spec } = readBundledSpec();
const token = findTokenOperation(spec);
const sampleOf = (entry) => curlSample(spec, entry, sampleInputs(spec, entry), token);
const entry = (operationId) => listOperations(spec).find(({ operation }) => operation.operationId === operationId);

/** The shell words of a sample's --data argument, unquoted. */
function dataArgument(sample) {
  const quoted = /--data '((?:[^']|'\\'')*)'/.exec(sample)?.[1];
  return quoted?.replaceAll("'\\''", "'");
}

describe('curlSample', () => {
  it('sends the bearer token and AccountId exactly where the operation needs them', () => {
    for (const operationEntry of listOperations(spec)) {
      const sample = sampleOf(operationEntry);
      const id = operationEntry.operation.operationId;
      const needsToken = requiresBearerToken(spec, operationEntry.operation);
      const takesAccountId = operationEntry.parameters.some(
        ({ name, in: location }) => name === 'AccountId' && location === 'header',
      );
      expect(sample.includes('-H "Authorization: Bearer $ACCESS_TOKEN"'), id).toBe(needsToken);
      expect(sample.includes('-H "AccountId: $ACCOUNT_ID"'), id).toBe(takesAccountId);
      expect(sample.includes('# $ACCESS_TOKEN: the access_token from POST /auth/token'), id).toBe(needsToken);
      expect(sample, id).toMatch(new RegExp(`^(#.*\\n)?curl -X ${operationEntry.method.toUpperCase()} 'https://`));
      expect(sample, id).not.toMatch(/\{[A-Za-z]+\}/);
    }
  });

  it('shows the token exchange itself with its JSON body and no token', () => {
    const sample = sampleOf(token);
    expect(sample).not.toContain('Authorization');
    expect(JSON.parse(dataArgument(sample))).toEqual(spec.components.examples.TokenRequest.value);
  });

  it('sends a JSON body from the named example', () => {
    const sample = sampleOf(entry('answerRfiQuestion'));
    expect(sample).toContain("-H 'Content-Type: application/json'");
    expect(JSON.parse(dataArgument(sample))).toEqual(spec.components.examples.RfiAnswerRequest.value);
  });

  it('uploads the preview logo as multipart with -F and no hand-set Content-Type', () => {
    const sample = sampleOf(entry('uploadPaymentRequestPreviewLogo'));
    expect(sample).toContain("-F 'logo=@logo.png'");
    expect(sample).not.toContain('Content-Type');
    expect(sample).toContain(
      `'https://sandbox.api.payments-connect.example/v1/collections/payment-requests/${spec.components.parameters.PaymentRequestId.example}/preview-logo'`,
    );
  });

  it('puts query parameters with examples on the URL', () => {
    expect(sampleOf(entry('listRfiCases'))).toContain("/v1/rfi?includeTerminal=true'");
  });

  it('quotes single quotes for the shell', () => {
    const operation = { method: 'post', path: '/x', parameters: [], servers: [], operation: { security: [] } };
    const inputs = {
      serverUrl: 'https://x.example',
      path: [],
      query: [],
      header: [],
      body: { kind: 'json', mediaType: 'application/json', value: { name: "O'Brien" } },
    };
    const sample = curlSample({}, operation, inputs, undefined);
    expect(sample).toContain(`--data '{"name":"O'\\''Brien"}'`);
    expect(JSON.parse(dataArgument(sample))).toEqual({ name: "O'Brien" });
  });
});

describe('requestUrl', () => {
  it('fills and encodes path parameters, and refuses one without a value', () => {
    const inputs = { serverUrl: 'https://x.example/', path: [{ name: 'id', value: 'a b' }], query: [] };
    expect(requestUrl('/v1/things/{id}', inputs)).toBe('https://x.example/v1/things/a%20b');
    expect(() => requestUrl('/v1/things/{other}', inputs)).toThrow(/other/);
  });
});

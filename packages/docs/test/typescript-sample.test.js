import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { sampleInputs } from '../src/sample-inputs.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';
import { typeScriptSample } from '../src/typescript-sample.js';
import { parameterExample } from './parameter-example.js';

const contract = loadContract();
const spec = contract.document;
/** @param {string} operationId */
const entry = (operationId) => contract.operation(operationId);
/** @param {import('@payments-connect/contract').ContractOperation | undefined} operation */
const sampleOf = (operation) => {
  if (!operation) throw new Error('no such operation in the bundled spec');
  return typeScriptSample(operation, sampleInputs(contract, operation));
};
const [rfiId, accountId, paymentRequestId] = ['rfiId', 'AccountId', 'paymentRequestId'].map((name) =>
  parameterExample(contract, name),
);

describe('typeScriptSample', () => {
  it('creates the client from environment variables, with the AccountId example as accountId', () => {
    const sample = sampleOf(entry('getRfiCase'));
    expect(sample).toContain("import { createPaymentsConnectClient } from '@payments-connect/client';");
    expect(sample).toContain('clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,');
    expect(sample).toContain('clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,');
    expect(sample).toContain(`accountId: '${accountId}',`);
    expect(sample).toContain(
      "const { data, error } = await client.GET('/v1/rfi/{rfiId}', {\n" +
        `  params: { path: { rfiId: '${rfiId}' } },\n});`,
    );
    // The client sends AccountId from its options, never per call.
    expect(sample).not.toContain('header:');
  });

  it("calls the sandbox's URL as baseUrl, saying that it is a placeholder and what to put there", () => {
    for (const operation of contract.operations) {
      const sample = sampleOf(operation);
      const { serverUrl } = sampleInputs(contract, operation);
      expect(sample, operation.operationId).toContain(
        `  // ${SAMPLE_SERVER_NOTES.placeholder}\n  baseUrl: '${serverUrl}',\n`,
      );
    }
    expect(SAMPLE_SERVER_NOTES.placeholder).toContain('http://127.0.0.1:4010');
  });

  it('passes a JSON body from the named example', () => {
    expect(sampleOf(entry('answerRfiQuestion'))).toContain(
      `body: {\n    answer: '${spec.components.examples.RfiAnswerRequest.value.answer}',\n  },`,
    );
  });

  it("uploads the preview logo as a File read from the example's file, with its name and type", () => {
    const sample = sampleOf(entry('uploadPaymentRequestPreviewLogo'));
    expect(sample).toContain("import { readFile } from 'node:fs/promises';");
    expect(sample).toContain(
      "const logoFile = new File([await readFile('logo.svg')], 'logo.svg', { type: 'image/svg+xml' });",
    );
    expect(sample).toContain(
      `params: { path: { paymentRequestId: '${paymentRequestId}' } },\n  body: { logo: logoFile },`,
    );
  });

  it('calls an operation without parameters or body with the path alone', () => {
    expect(sampleOf(entry('listWebhooks'))).toContain("await client.GET('/v1/webhooks');");
  });

  it('shows no call for the token exchange: the client performs it', () => {
    const sample = sampleOf(contract.tokenOperation);
    expect(sample).not.toMatch(/client\.(GET|POST|PUT|DELETE)\(/);
    expect(sample).toContain('The client calls POST /auth/token itself');
    expect(sample).not.toContain('accountId');
  });

  it('breaks parameters over lines when one line would pass 100 characters', () => {
    const sample = sampleOf(entry('attachRfiDocument'));
    expect(sample).toContain('  params: {\n    path: {\n      rfiId:');
    for (const line of sample.split('\n')) {
      if (!line.includes("client.PUT('")) expect(line.length, line).toBeLessThanOrEqual(100);
    }
  });
});

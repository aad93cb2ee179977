import { createContract, loadBundledDocument, loadContract } from '@payments-connect/contract';
import { COMMAND_PORTS, DOCS_PATH, PREFERENCES_HONOURED_HEADER } from '@payments-connect/contract/server';
import { describe, expect, it } from 'vitest';
import { sampleInputs } from '../src/sample-inputs.js';
import { ACCOUNT_HEADER, tryItModel } from '../src/try-it-model.js';
import { oneOperationContract } from './one-operation-contract.js';
import { parameterExample } from './parameter-example.js';

const contract = loadContract();
const model = tryItModel(contract);
/** @param {string} id */
const operation = (id) => {
  const found = model.operations.find(({ operationId }) => operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('tryItModel', () => {
  it('calls the mock first and the emulator second, as a consumer starts them, with the example credentials', () => {
    expect(model.servers).toEqual([
      {
        name: 'Mock',
        url: `http://127.0.0.1:${COMMAND_PORTS.mock}`,
        packageName: '@payments-connect/mock',
        command: 'npx payments-connect-mock',
      },
      {
        name: 'Emulator',
        url: `http://127.0.0.1:${COMMAND_PORTS.emulator}`,
        packageName: '@payments-connect/emulator',
        command: 'npx payments-connect-emulator',
      },
    ]);
    expect(model.docsPath).toBe(DOCS_PATH);
    expect(model.preferencesHeader).toBe(PREFERENCES_HONOURED_HEADER);
    // The token exchange's example, which the emulator accepts by default (its own test sends them from the page).
    const exchange = contract.tokenOperation;
    if (!exchange) throw new Error('no token exchange');
    const body = sampleInputs(contract, exchange).body;
    expect(model.credentials).toEqual(body?.kind === 'json' ? body.value : undefined);
    expect(model.accountId).toBe(parameterExample(contract, ACCOUNT_HEADER));
    expect(model.token).toMatchObject({ method: 'POST', path: '/auth/token' });
  });

  it('offers every operation of the spec, in order, the token exchange marked', () => {
    expect(model.operations.map(({ operationId }) => operationId)).toEqual(
      contract.operations.map(({ operationId }) => operationId),
    );
    expect(model.operations.filter(({ isTokenExchange }) => isTokenExchange).map(({ path }) => path)).toEqual([
      '/auth/token',
    ]);
    expect(operation('createAccessToken')).toMatchObject({ requiresBearer: false, sendsAccount: false });
    expect(operation('getRfiCase')).toMatchObject({ requiresBearer: true, sendsAccount: true });
  });

  it('fills each parameter and body with the example the code samples use, AccountId aside', () => {
    for (const entry of contract.operations) {
      const inputs = sampleInputs(contract, entry);
      const { parameters, body } = operation(entry.operationId);
      expect(parameters.some(({ name }) => name === ACCOUNT_HEADER)).toBe(false);
      for (const { name, value } of inputs.path) {
        expect(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.value).toBe(value);
      }
      if (inputs.body?.kind === 'json')
        expect(JSON.parse(body?.kind === 'json' ? body.text : '')).toEqual(inputs.body.value);
    }
    // The file part is the spec's example file, as the samples upload it: its content, name and type.
    expect(operation('uploadPaymentRequestPreviewLogo').body).toEqual({
      kind: 'multipart',
      mediaType: 'multipart/form-data',
      fields: [
        {
          name: 'logo',
          value: contract.document.components.examples.PreviewLogoUpload.value.logo,
          fileName: 'logo.svg',
          contentType: 'image/svg+xml',
        },
      ],
    });
  });

  it('needs a token exchange and an AccountId example', () => {
    const { contract: noToken } = oneOperationContract({
      path: '/a',
      method: 'get',
      operation: { operationId: 'a', responses: { 200: { description: 'ok' } } },
    });
    expect(() => tryItModel(noToken)).toThrow(/token exchange/);
    const document = structuredClone(loadBundledDocument());
    for (const pathItem of Object.values(document.paths)) {
      for (const holder of [pathItem, ...Object.values(pathItem)]) {
        for (const parameter of holder?.parameters ?? []) if (parameter.name === 'AccountId') delete parameter.examples;
      }
    }
    expect(() => tryItModel(createContract(document))).toThrow(/AccountId/);
  });
});

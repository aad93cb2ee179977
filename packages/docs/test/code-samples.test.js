import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { addCodeSamples, CURL_LABEL, TYPESCRIPT_LABEL } from '../src/code-samples.js';
import { parameterExample } from './parameter-example.js';

describe('addCodeSamples', () => {
  it('gives every operation a TypeScript and a curl sample and returns them in spec order', () => {
    const contract = createContract(structuredClone(loadBundledDocument()));
    const samples = addCodeSamples(contract);
    expect(samples.map(({ operationId }) => operationId)).toEqual(
      contract.operations.map(({ operationId }) => operationId),
    );
    for (const [index, { operation }] of contract.operations.entries()) {
      expect(operation['x-codeSamples'], operation.operationId).toEqual([
        { lang: 'TypeScript', label: TYPESCRIPT_LABEL, source: samples[index].typescript },
        { lang: 'Shell', label: CURL_LABEL, source: samples[index].curl },
      ]);
    }
  });

  it('writes the samples into the document the contract reads, the one the page renders', () => {
    const document = structuredClone(loadBundledDocument());
    addCodeSamples(createContract(document));
    expect(document.paths['/v1/rfi/{rfiId}'].get['x-codeSamples']).toHaveLength(2);
  });

  it('follows the spec, not a list of operations: a new operation gets samples too', () => {
    const document = structuredClone(loadBundledDocument());
    document.paths['/v1/rfi/{rfiId}/notes'] = {
      parameters: structuredClone(document.paths['/v1/rfi/{rfiId}'].parameters),
      post: {
        operationId: 'createRfiNote',
        summary: 'Add a note',
        requestBody: { content: { 'application/json': { examples: { note: { value: { text: 'hi' } } } } } },
        responses: {},
      },
    };
    const contract = createContract(document);
    const note = addCodeSamples(contract).find(({ operationId }) => operationId === 'createRfiNote');
    expect(note?.typescript).toContain("client.POST('/v1/rfi/{rfiId}/notes'");
    expect(note?.curl).toContain(`/v1/rfi/${parameterExample(contract, 'rfiId')}/notes'`);
    expect(note?.curl).toContain(`--data '{"text":"hi"}'`);
  });
});

import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { addCodeSamples } from '../src/code-samples.js';
import { SAMPLE_LANGUAGES } from '../src/sample-languages.js';
import { parameterExample } from './parameter-example.js';

/** The languages Redoc highlights the tabs as, in the tabs' order: curl's is the shell's. */
const HIGHLIGHTED = ['TypeScript', 'Shell', 'Python', 'Go', 'Java', 'Kotlin', 'C#'];

describe('addCodeSamples', () => {
  it('gives every operation a sample in each language, as tabs in order, and returns them in spec order', () => {
    const contract = createContract(structuredClone(loadBundledDocument()));
    const samples = addCodeSamples(contract);
    expect(samples.map(({ operationId }) => operationId)).toEqual(
      contract.operations.map(({ operationId }) => operationId),
    );
    for (const [index, { operation }] of contract.operations.entries()) {
      expect(operation['x-codeSamples'], operation.operationId).toEqual(
        SAMPLE_LANGUAGES.map(({ id, label }, at) => ({
          lang: HIGHLIGHTED[at],
          label,
          source: samples[index]?.sources[id],
        })),
      );
    }
  });

  it('writes the samples into the document the contract reads, the one the page renders', () => {
    const document = structuredClone(loadBundledDocument());
    addCodeSamples(createContract(document));
    expect(document.paths['/v1/rfi/{rfiId}'].get['x-codeSamples']).toHaveLength(SAMPLE_LANGUAGES.length);
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
    expect(note?.sources.typescript).toContain("client.POST('/v1/rfi/{rfiId}/notes'");
    expect(note?.sources.curl).toContain(`/v1/rfi/${parameterExample(contract, 'rfiId')}/notes"`);
    expect(note?.sources.python).toContain('"text": "hi"');
  });
});

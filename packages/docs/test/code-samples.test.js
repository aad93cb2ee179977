import { describe, expect, it } from 'vitest';
import { readBundledSpec } from '../src/bundled-spec.js';
import { addCodeSamples, CURL_LABEL, TYPESCRIPT_LABEL } from '../src/code-samples.js';
import { listOperations } from '../src/operations.js';

describe('addCodeSamples', () => {
  it('gives every operation a TypeScript and a curl sample and returns them in spec order', () => {
    const spec = structuredClone(readBundledSpec().spec);
    const samples = addCodeSamples(spec);
    const operations = listOperations(spec);
    expect(samples.map(({ operationId }) => operationId)).toEqual(
      operations.map(({ operation }) => operation.operationId),
    );
    for (const [index, { operation }] of operations.entries()) {
      expect(operation['x-codeSamples'], operation.operationId).toEqual([
        { lang: 'TypeScript', label: TYPESCRIPT_LABEL, source: samples[index].typescript },
        { lang: 'Shell', label: CURL_LABEL, source: samples[index].curl },
      ]);
    }
  });

  it('follows the spec, not a list of operations: a new operation gets samples too', () => {
    const spec = structuredClone(readBundledSpec().spec);
    spec.paths['/v1/rfi/{rfiId}/notes'] = {
      parameters: [{ $ref: '#/components/parameters/AccountId' }, { $ref: '#/components/parameters/RfiId' }],
      post: {
        operationId: 'createRfiNote',
        summary: 'Add a note',
        requestBody: { content: { 'application/json': { examples: { note: { value: { text: 'hi' } } } } } },
        responses: {},
      },
    };
    const note = addCodeSamples(spec).find(({ operationId }) => operationId === 'createRfiNote');
    expect(note.typescript).toContain("client.POST('/v1/rfi/{rfiId}/notes'");
    expect(note.curl).toContain(`/v1/rfi/${spec.components.parameters.RfiId.example}/notes'`);
    expect(note.curl).toContain(`--data '{"text":"hi"}'`);
  });
});

import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { showDistinctParameterExamples } from '../src/parameter-examples.js';
import { oneOperationContract } from './one-operation-contract.js';

describe('showDistinctParameterExamples', () => {
  it("lists each of a parameter's example values once, under the first name that gives it", () => {
    const published = loadBundledDocument();
    const contract = createContract(structuredClone(published));
    const shortened = showDistinctParameterExamples(contract);
    expect(shortened).toEqual(expect.arrayContaining(['header:AccountId', 'path:rfiId']));
    /** The examples of a parameter of the answer write, whose rfiId names the open case for two exchanges. */
    const examplesOf = (/** @type {any} */ document, /** @type {string} */ name) =>
      createContract(document)
        .operation('answerRfiQuestion')
        ?.parameters.find((parameter) => parameter.name === name)?.parameter.examples;
    expect(Object.keys(examplesOf(contract.document, 'AccountId'))).toEqual(['answered']);
    expect(Object.keys(examplesOf(contract.document, 'rfiId'))).toEqual(['answered', 'rfiNotOpen', 'otherAccountCase']);
    // Every parameter of the copy: no value twice, and no value of the original lost.
    for (const entry of createContract(contract.document).operations) {
      for (const { name, examples } of entry.parameters) {
        const values = Object.values(examples).map((value) => JSON.stringify(value));
        expect(new Set(values).size, `${entry.operationId} ${name}`).toBe(values.length);
      }
    }
    for (const entry of createContract(published).operations) {
      for (const { name, examples, in: location } of entry.parameters) {
        const copy = createContract(contract.document)
          .operation(entry.operationId)
          ?.parameters.find((parameter) => parameter.name === name && parameter.in === location);
        expect(new Set(Object.values(copy?.examples ?? {})), name).toEqual(new Set(Object.values(examples)));
      }
    }
    // The published bundle keeps its names: tools pair exchanges by them.
    expect(Object.keys(examplesOf(published, 'rfiId'))).toHaveLength(4);
  });

  it('leaves a parameter whose examples all differ as it was', () => {
    const parameter = {
      name: 'id',
      in: 'query',
      schema: { type: 'string' },
      examples: { one: { value: 'a' }, two: { value: 'b' } },
    };
    const { contract } = oneOperationContract({
      path: '/a',
      method: 'get',
      operation: { operationId: 'a', parameters: [parameter], responses: { 200: { description: 'ok' } } },
    });
    expect(showDistinctParameterExamples(contract)).toEqual([]);
    expect(contract.operations[0]?.parameters[0]?.parameter.examples).toEqual(parameter.examples);
  });
});

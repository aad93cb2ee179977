import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { addFlags, FLAGS } from '../src/flags.js';

const [sandboxFlag, designedFlag] = FLAGS;

/**
 * The Operation Objects of a contract's operations and webhooks, in document order.
 * @param {import('@payments-connect/contract').Contract} contract
 * @returns {any[]}
 */
const operationsOf = (contract) => [...contract.operations, ...contract.webhooks].map(({ operation }) => operation);

describe('addFlags', () => {
  it('badges and notes every flagged operation of the spec, and no other', () => {
    const document = structuredClone(loadBundledDocument());
    const originals = operationsOf(createContract(structuredClone(document)));
    const contract = createContract(document);
    const flagged = addFlags(contract);
    const operations = operationsOf(contract);
    for (const flag of FLAGS) {
      const expected = originals
        .filter((operation) => operation[flag.extension] === true)
        .map(({ operationId }) => operationId);
      expect(expected.length, flag.extension).toBeGreaterThan(0);
      expect(flagged[flag.extension].filter((node) => node.operationId).map(({ operationId }) => operationId)).toEqual(
        expected,
      );
    }
    for (const [index, operation] of operations.entries()) {
      const flags = FLAGS.filter((flag) => operation[flag.extension] === true);
      expect(operation['x-badges'] ?? [], operation.operationId).toEqual(flags.map((flag) => flag.badge));
      const description = originals[index].description ?? '';
      expect(operation.description, operation.operationId).toBe(
        [...flags.map((flag) => flag.notice).reverse(), description].filter(Boolean).join('\n\n'),
      );
    }
  });

  it('notes flagged schemas and properties, even a property named like a data keyword, but never example data', () => {
    const document = {
      components: {
        schemas: {
          Thing: {
            type: 'object',
            'x-designed-here': true,
            properties: { value: { type: 'string', description: 'The value.', 'x-designed-here': true } },
            example: { 'x-designed-here': true },
          },
        },
        examples: { Sample: { value: { 'x-sandbox-only': true } } },
      },
    };
    const flagged = addFlags(createContract(document));
    expect(flagged[designedFlag.extension].map(({ pointer }) => pointer)).toEqual([
      '#/components/schemas/Thing',
      '#/components/schemas/Thing/properties/value',
    ]);
    expect(flagged[sandboxFlag.extension]).toEqual([]);
    const { Thing } = document.components.schemas;
    expect(/** @type {{ description?: string }} */ (Thing).description).toBe(designedFlag.notice);
    expect(Thing.properties.value.description).toBe(`${designedFlag.notice}\n\nThe value.`);
    expect(document.components.examples.Sample.value).toEqual({ 'x-sandbox-only': true });
  });

  it("keeps the referenced schema's text after the notice of a flagged $ref, which would replace it", () => {
    const document = {
      components: {
        schemas: {
          Status: { description: 'Values include `OPEN`.', type: 'string' },
          Thing: {
            properties: {
              status: { $ref: '#/components/schemas/Status', 'x-designed-here': true },
              state: { $ref: '#/components/schemas/Status', description: 'Its own words.', 'x-designed-here': true },
            },
          },
        },
      },
    };
    addFlags(createContract(document));
    const { Status, Thing } = document.components.schemas;
    expect(/** @type {any} */ (Thing.properties.status).description).toBe(
      `${designedFlag.notice}\n\nValues include \`OPEN\`.`,
    );
    expect(Thing.properties.state.description).toBe(`${designedFlag.notice}\n\nIts own words.`);
    expect(Status.description).toBe('Values include `OPEN`.');
  });

  it('shows the documented values of the spec beside the notice of each flagged $ref', () => {
    const contract = createContract(structuredClone(loadBundledDocument()));
    addFlags(contract);
    const { PaymentRequest, RfiCase } = contract.document.components.schemas;
    const designed = [
      [PaymentRequest.properties.executionMode, 'HOSTED_PAGE'],
      [PaymentRequest.properties.status, 'PART_PAID'],
      [RfiCase.properties.status, 'CANCELLED'],
    ];
    expect(designed.every(([property]) => property.$ref && property['x-designed-here'])).toBe(true);
    for (const [property, value] of designed) {
      expect(property.description.startsWith(designedFlag.notice)).toBe(true);
      expect(property.description).toContain(value);
    }
  });

  it('points at a flagged node the way the model writes pointers: ~1 for a slash in a key', () => {
    const document = { paths: { '/a/{id}': { get: { operationId: 'getA', 'x-sandbox-only': true, responses: {} } } } };
    const [node] = addFlags(createContract(document))[sandboxFlag.extension] ?? [];
    expect(node).toMatchObject({ operationId: 'getA' });
    expect(createContract(document).dereference({ $ref: node?.pointer }).node.operationId).toBe('getA');
  });
});

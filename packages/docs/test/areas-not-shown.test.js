import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { takeOutAreasNotShown } from '../src/areas-not-shown.js';

describe('takeOutAreasNotShown', () => {
  it('takes the tags no operation or webhook uses out of the menu, and returns them with their text', () => {
    /** @type {{ tags: Array<{ name: string, description: string }> }} */
    const published = loadBundledDocument();
    const contract = createContract(structuredClone(published));
    const used = new Set(
      [...contract.operations, ...contract.webhooks].flatMap(({ operation }) => operation.tags ?? []),
    );
    const areas = takeOutAreasNotShown(contract);
    expect(areas.map(({ name }) => name)).toEqual(
      published.tags.map(({ name }) => name).filter((name) => !used.has(name)),
    );
    expect(areas.map(({ name }) => name)).toContain('Wallets');
    for (const { description } of areas) expect(description).toMatch(/not shown in v1\.0/);
    expect(contract.document.tags.map((/** @type {{ name: string }} */ { name }) => name)).toEqual(
      published.tags.map(({ name }) => name).filter((name) => used.has(name)),
    );
    expect(published.tags.length).toBe(areas.length + contract.document.tags.length);
  });

  it('leaves a document whose every tag has operations alone', () => {
    const document = {
      openapi: '3.1.0',
      tags: [{ name: 'Items' }],
      paths: {
        '/items': { get: { operationId: 'listItems', tags: ['Items'], responses: { 200: { description: 'ok' } } } },
      },
    };
    const contract = createContract(structuredClone(document));
    expect(takeOutAreasNotShown(contract)).toEqual([]);
    expect(contract.document.tags).toEqual(document.tags);
  });
});

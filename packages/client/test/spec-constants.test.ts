import { loadBundledDocument, loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import {
  SANDBOX_ONLY_OPERATIONS,
  SANDBOX_ONLY_REQUEST,
  SERVER_URLS,
  TOKEN_PATH,
} from '../src/generated/spec-constants.js';

const contract = loadContract();
// The bundled document as written, read apart from the contract model the generator reads it through, so that a
// slip in either shows as a disagreement.
const document = loadBundledDocument();
/** Section 1 of the interface document names each environment's server by a variable. */
const SERVER_VARIABLE_BY_ENVIRONMENT = { production: 'base_url', sandbox: 'sandbox_base_url' };
const keyOf = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;
/** A request line for an operation, path parameters filled in as openapi-fetch would. */
const requestFor = (key: string) => key.replace(/\{[^}]+\}/g, 'a1b2-c3%2Fd4');

describe('constants generated from the spec', () => {
  it('match the servers and the token operation', () => {
    const servers: { url: string; variables?: Record<string, { default?: string }> }[] = document.servers;
    const expected = Object.fromEntries(
      Object.entries(SERVER_VARIABLE_BY_ENVIRONMENT).map(([environment, variable]) => {
        const server = servers.find((candidate) => candidate.url === `{${variable}}`);
        return [environment, server?.variables?.[variable]?.default];
      }),
    );
    expect(SERVER_URLS).toEqual(expected);
    const open = contract.operations.filter((operation) => operation.security.length === 0);
    expect(open.map(keyOf)).toEqual([`POST ${TOKEN_PATH}`]);
  });

  it('single out exactly the x-sandbox-only operations', () => {
    const paths: Record<string, Record<string, { 'x-sandbox-only'?: unknown }>> = document.paths;
    const marked = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation?.['x-sandbox-only'] === true)
        .map(([method]) => keyOf({ method: method.toUpperCase(), path })),
    );
    expect(marked.length).toBeGreaterThan(0);
    expect([...SANDBOX_ONLY_OPERATIONS].sort()).toEqual(marked.sort());
    for (const key of contract.operations.map(keyOf)) {
      expect(SANDBOX_ONLY_REQUEST.test(requestFor(key)), key).toBe(marked.includes(key));
      expect(SANDBOX_ONLY_REQUEST.test(`${requestFor(key)}?x=1`), key).toBe(marked.includes(key));
    }
  });

  it('leave every multipart operation with a required binary part (so "a Blob means multipart" holds)', () => {
    const multipart = contract.operations.filter((operation) =>
      operation.requestBody?.mediaTypes.includes('multipart/form-data'),
    );
    expect(multipart.length).toBeGreaterThan(0);
    for (const operation of multipart) {
      const media = operation.requestBody?.requestBody.content['multipart/form-data'];
      const schema = contract.dereference(media.schema).node;
      const binary = Object.entries(schema.properties ?? {}).filter(
        ([, property]) => (property as { format?: string }).format === 'binary',
      );
      expect(
        binary.some(([name]) => schema.required?.includes(name)),
        keyOf(operation),
      ).toBe(true);
    }
  });
});

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  SANDBOX_ONLY_OPERATIONS,
  SANDBOX_ONLY_REQUEST,
  SERVER_URLS,
  TOKEN_PATH,
} from '../src/generated/spec-constants.js';

type Operation = {
  'x-sandbox-only'?: boolean;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Schema = { $ref?: string; required?: string[]; properties?: Record<string, { format?: string }> };
const spec = JSON.parse(
  await readFile(createRequire(import.meta.url).resolve('@payments-connect/openapi/openapi.json'), 'utf8'),
) as {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
    .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })),
);
/** A request line for an operation, path parameters filled in as openapi-fetch would. */
const requestFor = (key: string) => key.replace(/\{[^}]+\}/g, 'a1b2-c3%2Fd4');

describe('constants generated from the spec', () => {
  it('match the servers and the token operation', () => {
    expect(spec.servers.map((server) => server.url)).toEqual(['{base_url}', '{sandbox_base_url}']);
    expect(SERVER_URLS.production).toMatch(/^https:\/\//);
    expect(SERVER_URLS.sandbox).toMatch(/^https:\/\//);
    const open = operations.filter(({ operation }) => operation.security?.length === 0);
    expect(open.map(({ key }) => key)).toEqual([`POST ${TOKEN_PATH}`]);
  });

  it('single out exactly the x-sandbox-only operations', () => {
    const marked = operations.filter(({ operation }) => operation['x-sandbox-only'] === true).map(({ key }) => key);
    expect([...SANDBOX_ONLY_OPERATIONS]).toEqual(marked);
    for (const { key } of operations) {
      expect(SANDBOX_ONLY_REQUEST.test(requestFor(key)), key).toBe(marked.includes(key));
      expect(SANDBOX_ONLY_REQUEST.test(`${requestFor(key)}?x=1`), key).toBe(marked.includes(key));
    }
  });

  it('leave every multipart operation with a required binary part (so "a Blob means multipart" holds)', () => {
    const multipart = operations.filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(multipart.length).toBeGreaterThan(0);
    for (const { key, operation } of multipart) {
      const { $ref } = operation.requestBody!.content['multipart/form-data']!.schema;
      const schema = spec.components.schemas[$ref!.split('/').at(-1)!]!;
      const binary = Object.entries(schema.properties ?? {}).filter(([, property]) => property.format === 'binary');
      expect(
        binary.some(([name]) => schema.required?.includes(name)),
        key,
      ).toBe(true);
    }
  });
});

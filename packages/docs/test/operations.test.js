import { describe, expect, it } from 'vitest';
import { readBundledSpec } from '../src/bundled-spec.js';
import {
  findTokenOperation,
  HTTP_METHODS,
  listOperations,
  listWebhooks,
  requiresBearerToken,
} from '../src/operations.js';

const { spec } = readBundledSpec();

describe('listOperations', () => {
  it('lists every method of every path, with path-level parameters merged in', () => {
    const expected = Object.values(spec.paths).flatMap((item) => HTTP_METHODS.filter((method) => item[method]));
    const operations = listOperations(spec);
    expect(operations).toHaveLength(expected.length);
    const getRfi = operations.find(({ operation }) => operation.operationId === 'getRfiCase');
    expect(getRfi.parameters.map(({ name }) => name).sort()).toEqual(['AccountId', 'rfiId']);
  });

  it('lets an operation parameter override the path parameter of the same name and location', () => {
    const spec = {
      paths: {
        '/x/{id}': {
          parameters: [{ name: 'id', in: 'path', example: 'from-path' }],
          get: { operationId: 'getX', parameters: [{ name: 'id', in: 'path', example: 'from-operation' }] },
        },
      },
    };
    expect(listOperations(spec)[0].parameters).toEqual([{ name: 'id', in: 'path', example: 'from-operation' }]);
  });

  it('takes operation servers before the document servers', () => {
    const upload = listOperations(spec).find(
      ({ operation }) => operation.operationId === 'uploadPaymentRequestPreviewLogo',
    );
    expect(upload.servers).toEqual(upload.operation.servers);
    const getRfi = listOperations(spec).find(({ operation }) => operation.operationId === 'getRfiCase');
    expect(getRfi.servers).toEqual(spec.servers);
  });
});

describe('the token exchange and the bearer token', () => {
  it('finds the token exchange as the operation that opts out of security', () => {
    expect(findTokenOperation(spec)).toMatchObject({ method: 'post', path: '/auth/token' });
  });

  it('requires the bearer token everywhere but the token exchange', () => {
    for (const { operation } of listOperations(spec)) {
      expect(requiresBearerToken(spec, operation), operation.operationId).toBe(
        operation.operationId !== 'createAccessToken',
      );
    }
  });

  it('lists the webhooks apart: they are received, not called', () => {
    expect(listWebhooks(spec).map(({ name }) => name)).toEqual(Object.keys(spec.webhooks));
  });
});

import { loadContract } from '@payments-connect/contract';
import { DEFAULT_LIMITS } from '@payments-connect/contract/server';
import { describe, expect, it } from 'vitest';
import { bodyOf, operationRequests } from './support/operation-requests.js';
import { filePart, useEmulator } from './support/use-emulator.js';

const operations = loadContract().operations;
const withUuidParams = operations
  .filter((op) => op.parameters.some((p) => p.in === 'path'))
  .map((op) => [op.operationId]);
const withJsonBody = operations
  .filter((op) => op.requestBody?.mediaTypes.includes('application/json'))
  .map((op) => [op.operationId]);
const withMultipartBody = operations
  .filter((op) => op.requestBody?.mediaTypes.includes('multipart/form-data'))
  .map((op) => [op.operationId]);
const ALL_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

describe('request validation against the spec', () => {
  const ctx = useEmulator();
  /** @param {string} operationId */
  const requestOf = (operationId) => operationRequests(ctx.fixtures, ctx.emulator.credentials)[operationId];

  it.each(withUuidParams)(
    '%s answers 400 VALIDATION_FAILED for each malformed UUID in its path',
    async (operationId) => {
      const request = requestOf(operationId);
      for (const id of request.uuidParams) {
        for (const bad of ['not-a-uuid', '12345', `${id}0`]) {
          const { status, body } = await ctx.call(request.method, request.path.replace(id, bad), bodyOf(request));
          expect(status).toBe(400);
          expect(body).toMatchObject({
            code: 'VALIDATION_FAILED',
            message: expect.stringMatching(/path \w+Id must match format "uuid"/),
          });
        }
      }
    },
  );

  it.each(withJsonBody)('%s answers 415 for a body that is not application/json', async (operationId) => {
    const request = requestOf(operationId);
    for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const { status, body } = await ctx.call(request.method, request.path, {
        body: JSON.stringify(request.json),
        headers: { 'content-type': contentType },
      });
      expect(status).toBe(415);
      expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it.each(withJsonBody)('%s answers 400 for a missing body, broken JSON or a JSON array', async (operationId) => {
    const request = requestOf(operationId);
    const answers = [
      await ctx.call(request.method, request.path),
      await ctx.call(request.method, request.path, { body: '{"a":', headers: { 'content-type': 'application/json' } }),
      await ctx.call(request.method, request.path, { json: [] }),
    ];
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });

  it('accepts application/json with a charset parameter', async () => {
    const request = requestOf('updatePayer');
    const { status } = await ctx.call(request.method, request.path, {
      body: '{"name":"x"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(status).toBe(200);
  });

  it.each(withMultipartBody)(
    '%s answers 415 for JSON, and 400 for a missing, empty or broken part',
    async (operationId) => {
      const request = requestOf(operationId);
      const partName = operationId === 'attachRfiDocument' ? 'document' : 'logo';
      const asJson = await ctx.call(request.method, request.path, { json: { [partName]: 'x' } });
      expect(asJson.status).toBe(415);
      const wrongPart = await ctx.call(request.method, request.path, { body: filePart('other') });
      expect(wrongPart.status).toBe(400);
      expect(wrongPart.body.message).toBe(`body part ${partName} is required`);
      const empty = await ctx.call(request.method, request.path, { body: filePart(partName, '') });
      expect(empty.status).toBe(400);
      const broken = await ctx.call(request.method, request.path, {
        body: 'garbage',
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      });
      expect(broken.status).toBe(400);
    },
  );

  it('body-less writes that document 415 refuse a non-JSON body and tolerate an empty JSON object', async () => {
    for (const operationId of ['refreshPaymentRequestSession', 'deactivateUser']) {
      const request = requestOf(operationId);
      const text = await ctx.call(request.method, request.path, {
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).toBe(415);
      const json = await ctx.call(request.method, request.path, { json: {} });
      expect(json.status).toBe(request.success);
    }
  });

  it('answers 400 for includeTerminal that is not a boolean', async () => {
    const { status, body } = await ctx.call('GET', '/v1/rfi?includeTerminal=yes');
    expect(status).toBe(400);
    expect(body.message).toMatch(/includeTerminal/);
  });

  it('answers 400 for a body over the size limit, and the connection stays usable', async () => {
    const request = requestOf('updatePayer');
    const big = `{"name":"${'x'.repeat(DEFAULT_LIMITS.maxBodyBytes)}"}`;
    const { status } = await ctx.call(request.method, request.path, {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(400);
    expect((await ctx.call('GET', '/v1/rfi')).status).toBe(200);
  });
});

describe('routing', () => {
  const ctx = useEmulator();

  const templates = [...new Set(operations.map((op) => op.path))];
  it.each(templates)('%s answers 405 with an Allow header for the methods it does not have', async (template) => {
    const concrete = template.replace(/\{[^}]+\}/g, '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f');
    const allowed = operations.filter((op) => op.path === template).map((op) => op.method);
    for (const method of ALL_METHODS.filter((m) => !allowed.includes(m))) {
      const { status, body, headers } = await ctx.call(method, concrete);
      expect(status, `${method} ${concrete}`).toBe(405);
      expect(body.code).toBe('METHOD_NOT_ALLOWED');
      expect(headers.get('allow')).toBe(allowed.join(', '));
    }
  });

  it('answers 404 NOT_FOUND for a path the spec does not have', async () => {
    for (const path of ['/v1/wallets', '/v2/rfi', '/', '/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f/extra']) {
      const { status, body } = await ctx.call('GET', path);
      expect(status).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
    }
  });
});

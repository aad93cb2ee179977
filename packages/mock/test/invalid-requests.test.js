// What the mock answers to the invalid requests the interface document names: always the service's
// error envelope, never Prism's own problem+json, with the status the service uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const PAYMENT_REQUEST = '3b241101-e2bb-4255-8caf-4136c566a962';
const AUTH = { Authorization: 'Bearer test-token', AccountId: ACCOUNT };
const paths = {
  rfiList: '/v1/rfi',
  rfi: (id = RFI) => `/v1/rfi/${id}`,
  answer: `/v1/rfi/${RFI}/questions/6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071/answer`,
  attach: `/v1/rfi/${RFI}/document-requests/7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f607182/document`,
  responses: `/v1/rfi/${RFI}/responses`,
  // Documents only 200: every error status here is one the mock must phrase itself.
  previewLogo: (id = PAYMENT_REQUEST) => `/v1/collections/payment-requests/${id}/preview-logo`,
};

let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

async function call(path, { headers = AUTH, ...init } = {}) {
  const response = await fetch(`${mock.url}${path}`, { ...init, headers });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

const form = (name) => {
  const body = new FormData();
  body.append(name, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'file.png');
  return body;
};

/** The error envelope of the interface document (section 7), served as JSON. */
function expectEnvelope(answer, status, code) {
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
}

describe.each([
  ['an operation documenting the status', 'GET', paths.rfiList, paths.rfi('not-a-uuid')],
  ['an operation documenting only 200', 'DELETE', paths.previewLogo(), paths.previewLogo('not-a-uuid')],
])('on %s', (_, method, path, pathWithBadUuid) => {
  it('missing AccountId: 400 VALIDATION_FAILED', async () => {
    expectEnvelope(
      await call(path, { method, headers: { Authorization: AUTH.Authorization } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('malformed UUID in the path: 400 VALIDATION_FAILED', async () => {
    expectEnvelope(await call(pathWithBadUuid, { method }), 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['missing', {}],
    ['not a bearer', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['empty bearer', { Authorization: 'Bearer' }],
  ])('%s Authorization: 401 UNAUTHORIZED', async (_, authorization) => {
    expectEnvelope(
      await call(path, { method, headers: { AccountId: ACCOUNT, ...authorization } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('bodies', () => {
  it('wrong content type on a JSON operation: 415', async () => {
    const answer = await call(paths.answer, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expectEnvelope(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('wrong content type on a multipart operation documenting only 200: 415 naming the accepted type', async () => {
    const answer = await call(paths.previewLogo(), {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{}',
    });
    expectEnvelope(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(answer.body.message).toContain('multipart/form-data');
  });

  it('missing multipart part: 400 VALIDATION_FAILED', async () => {
    expectEnvelope(await call(paths.attach, { method: 'PUT', body: form('not-document') }), 400, 'VALIDATION_FAILED');
    const logo = await call(paths.previewLogo(), { method: 'PUT', body: form('not-logo') });
    expectEnvelope(logo, 400, 'VALIDATION_FAILED');
    expect(logo.body.message).toContain("'logo'");
  });

  it('multipart with the required part: 200', async () => {
    expect((await call(paths.attach, { method: 'PUT', body: form('document') })).status).toBe(200);
    expect((await call(paths.previewLogo(), { method: 'PUT', body: form('logo') })).status).toBe(200);
  });

  it('JSON that does not parse: 400 VALIDATION_FAILED', async () => {
    const answer = await call(paths.responses, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"answers": [',
    });
    expectEnvelope(answer, 400, 'VALIDATION_FAILED');
  });

  it('a malformed multipart body is refused and the mock keeps serving (Prism alone would crash)', async () => {
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf;type=\r\n\r\n%PDF\r\n--${boundary}\r\nContent-Disposition: form-data; {"inputBy": true}";type=application/json\r\n\r\nx\r\n--${boundary}--\r\n`;
    const answer = await call(paths.attach, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expectEnvelope(answer, 400, 'VALIDATION_FAILED');
    expect((await call(paths.rfiList)).status).toBe(200);
  });
});

describe('routing', () => {
  it('unknown path: 404 NOT_FOUND', async () => {
    expectEnvelope(await call('/v1/no-such-thing'), 404, 'NOT_FOUND');
  });

  it('method the path does not have: 405', async () => {
    expectEnvelope(await call(paths.rfiList, { method: 'DELETE' }), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('Prefer', () => {
  it('picks a named example', async () => {
    const answer = await call(paths.rfi(), { headers: { ...AUTH, Prefer: 'example=closedCase' } });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('CLOSED');
  });

  it('picks a documented error and its example', async () => {
    const answer = await call(paths.answer, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json', Prefer: 'code=409, example=rfiItemAlreadyApproved' },
      body: JSON.stringify({ answer: 'yes' }),
    });
    expectEnvelope(answer, 409, 'CONFLICT');
    expect(answer.body.message).toContain('RFI_ITEM_ALREADY_APPROVED');
  });

  it('dynamic=true generates one answer from the schema on a static mock', async () => {
    const answer = await call(paths.rfi(), { headers: { ...AUTH, Prefer: 'dynamic=true' } });
    expect(answer.status).toBe(200);
    expect(answer.body.rfiId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body.rfiId).not.toBe(RFI);
  });

  it("a status the operation does not document is Prism's diagnostic, left as problem+json on purpose", async () => {
    const answer = await call(paths.rfi(), { headers: { ...AUTH, Prefer: 'code=409' } });
    expect(answer.status).toBe(404);
    expect(answer.contentType).toBe('application/problem+json');
    expect(answer.body.detail).toContain('409');
  });
});

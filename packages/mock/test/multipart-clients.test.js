// The mock takes the uploads real clients write (curl, requests, httpx, Go, undici, Ktor as Specmatic sends it) and
// every form of multipart body the RFCs allow, over real sockets: each answered 200.
import { describeMultipartBodies } from '@payments-connect/multipart-clients/multipart-suite';
import { afterAll, beforeAll } from 'vitest';
import { startMock } from '../src/index.js';

const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const DOCUMENT_REQUEST_ID = '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f607182';
/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

describeMultipartBodies({
  name: 'mock',
  target: async () => ({
    url: `${mock.url}/v1/rfi/${RFI_ID}/document-requests/${DOCUMENT_REQUEST_ID}/document`,
    // The mock takes any token and account.
    headers: { authorization: 'Bearer multipart-test', accountid: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  }),
});

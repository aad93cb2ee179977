// examples/upload-preview-logo.ts
import { readFile } from 'node:fs/promises';
import { createPaymentsConnectClient, SandboxOnlyOperationError } from '@payments-connect/client';

const credentials = {
  clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,
  clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,
  accountId: process.env.PAYMENTS_CONNECT_ACCOUNT_ID!,
};
const sandbox = createPaymentsConnectClient({ ...credentials, environment: 'sandbox' });
const paymentRequestId = '3b241101-e2bb-4255-8caf-4136c566a962';

// A Blob or File is all it takes: the client sends the body as multipart/form-data.
const logo = new File([await readFile('logo.png')], 'logo.png', { type: 'image/png' });
const { data } = await sandbox.PUT('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
  params: { path: { paymentRequestId } },
  body: { logo },
});
console.log('preview logo set', data);

// The operation exists only in the sandbox: a production client refuses it before sending anything.
const production = createPaymentsConnectClient({ ...credentials, environment: 'production' });
await production
  .DELETE('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
    params: { path: { paymentRequestId } },
  })
  .catch((error: unknown) => console.log(error instanceof SandboxOnlyOperationError)); // true

// browser-page.ts: a page's module (bundled by Vite), the API answered in the browser by the mock's handlers
import { createPaymentsConnectClient } from '@payments-connect/client';
import { createHandlers } from '@payments-connect/mock/msw';
import { setupWorker } from 'msw/browser';

export const mock = createHandlers({ baseUrl: 'https://api.payments-connect.test' });
export const worker = setupWorker(...mock.handlers);
// msw's worker script at the root of the site (`npx msw init public/`), which `script-src 'self'` allows.
await worker.start({ onUnhandledRequest: 'error', quiet: true });

export const client = createPaymentsConnectClient({
  baseUrl: mock.baseUrl,
  clientId: 'any', // the mock takes any credentials: no secret of yours reaches the page
  clientSecret: 'any',
  dangerouslyAllowBrowser: true,
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  retry: false,
});

// The emulator takes the uploads real clients write (curl, requests, httpx, Go, undici, Ktor as Specmatic sends it)
// and every form of multipart body the RFCs allow, over real sockets: each answered 200, the document it links named,
// typed and sized as it was sent.
import { describeMultipartBodies } from '@payments-connect/multipart-clients/multipart-suite';
import { useEmulator } from './support/use-emulator.js';

const ctx = useEmulator();

describeMultipartBodies({
  name: 'emulator',
  target: async () => {
    const { openRfiId, openDocumentRequestId } = ctx.fixtures;
    return {
      url: `${ctx.emulator.url}/v1/rfi/${openRfiId}/document-requests/${openDocumentRequestId}/document`,
      headers: {
        authorization: `Bearer ${await ctx.freshToken()}`,
        accountid: ctx.emulator.accounts.primary.accountId,
      },
    };
  },
  storedPart: (answer) => answer.document,
});

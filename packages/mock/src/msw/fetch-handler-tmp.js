// TEMPORARY (not committed): stands in for i41-core's fetch adapter until it lands.
import { journalExchanges } from '../../../contract/src/server/journal/journal-exchanges.js';
import { createRequestJournal } from '../../../contract/src/server/journal/request-journal.js';
import { servingPolicy } from '../../../contract/src/server/pipeline/pipeline-policy.js';
import { startExchange } from '../../../contract/src/server/pipeline/publish-exchange.js';
import { createRequestPipeline } from '../../../contract/src/server/pipeline/request-pipeline.js';

export { createRequestJournal, journalExchanges };

export function createFetchHandler({ contract, name, answer, publish, maxBodyBytes = 10 * 1024 * 1024 }) {
  const pipeline = createRequestPipeline({
    contract,
    name,
    answer,
    policy: servingPolicy(contract, { name, strict: false }),
    publish,
    limits: { maxBodyBytes },
  });
  return async (request, target) => {
    const bytes = new Uint8Array(await request.arrayBuffer());
    const headersDistinct = {};
    for (const [key, value] of request.headers) headersDistinct[key] = [value];
    if (bytes.byteLength > 0) headersDistinct['content-length'] = [String(bytes.byteLength)];
    const flat = Object.fromEntries(Object.entries(headersDistinct).map(([k, v]) => [k, v.join(', ')]));
    const exchange = startExchange({ method: request.method, url: target, headers: flat, headersDistinct });
    return new Promise((resolve) => {
      const transport = {
        readBody: () => bytes,
        send: ({ status, headers, body, contentType, added }) => {
          const h = new Headers(headers);
          if (contentType) h.set('content-type', contentType);
          for (const [k, v] of Object.entries(added ?? {})) h.set(k, v);
          resolve(
            new Response(status === 204 || status === 304 || body === undefined ? null : body, { status, headers: h }),
          );
        },
        abandon: () => resolve(Response.error()),
      };
      pipeline.handle({ method: request.method, target, headers: headersDistinct }, transport, exchange);
    });
  };
}

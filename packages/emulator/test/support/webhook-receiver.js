// A real HTTP receiver on 127.0.0.1 that records the webhook deliveries it gets.
import { createServer } from 'node:http';

/** @typedef {{ headers: import('node:http').IncomingHttpHeaders, body: any }} ReceivedEvent */

/**
 * @param {{ status?: number, silent?: boolean }} [options] status to answer each delivery with (default 204); `silent`:
 *   answer none (the delivery times out)
 * @returns {Promise<{ url: string, received: ReceivedEvent[], close: () => Promise<void> }>}
 */
export async function startWebhookReceiver({ status = 204, silent = false } = {}) {
  /** @type {Array<{ headers: import('node:http').IncomingHttpHeaders, body: any }>} */
  const received = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (silent) return;
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A silent receiver's connections are still open: close them, or close() would wait for them.
        server.closeAllConnections();
      }),
  };
}

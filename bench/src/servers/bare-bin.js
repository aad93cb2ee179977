#!/usr/bin/env node
// The floor of the bins' starts: a bare node:http server as a bin, as little as a server can be. It imports node:http
// alone, answers every request 200 with the JSON body it is given (argv[2]), listens on 127.0.0.1 at a free port, and
// prints its URL in the first line's shape of the mock's and the emulator's (`... listening on <url>`), so that it is
// started, read and timed exactly as they are (`sections/start-time.js`).
import http from 'node:http';

const body = process.argv[2] ?? '{}';
const server = http.createServer((request, response) => {
  request.resume().on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`A bare node:http server listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());

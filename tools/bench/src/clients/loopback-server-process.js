// Child process of the client benchmark: the node:http server the clients call over 127.0.0.1. It runs in
// its own process (its own core on a 2-core machine) so that serving does not share the event loop whose
// client work is being timed. Receives the sample exchange as JSON in argv[2]; sends its port over IPC.
import http from 'node:http';
import { answerBody, answerHeaders } from './answer-exchange.js';

const sample = JSON.parse(process.argv[2]);
const server = http.createServer((request, response) => {
  // The body is read before answering, as a service must; the clients send none on a GET.
  request.resume();
  request.on('end', () => {
    const body = answerBody(sample, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    response.writeHead(200, answerHeaders(body)).end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
// Leave with the parent, whatever way it ends.
process.on('disconnect', () => process.exit(0));

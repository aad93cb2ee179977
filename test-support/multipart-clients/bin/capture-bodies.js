#!/usr/bin/env node
// capture-bodies [ID...]: runs each real client (all, or those named) against a capturing server on 127.0.0.1 and
// keeps the body it sent as its fixture, with the client's version and command beside it. A client this machine lacks
// is named with the reason, and its fixture left as it is. Ktor runs only when SPECMATIC_JAR names Specmatic's jar.
import { captureBody } from '../src/capture-body.js';
import { writeClientBody } from '../src/client-bodies.js';
import { CLIENTS } from '../src/clients.js';

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !CLIENTS.some((client) => client.id === id));
if (unknown.length > 0) {
  console.error(`no client ${unknown.join(', ')}: the clients are ${CLIENTS.map((client) => client.id).join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const client of CLIENTS.filter(({ id }) => wanted.length === 0 || wanted.includes(id))) {
  const found = client.find();
  if ('missing' in found) {
    console.log(`${client.id}: not captured: ${found.missing}`);
    continue;
  }
  try {
    const { contentType, body } = await captureBody(found);
    await writeClientBody(client.id, { client: found.version, command: found.shown, contentType }, body);
    console.log(`${client.id}: ${body.length} bytes from ${found.version}`);
  } catch (error) {
    failed = true;
    console.error(`${client.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);

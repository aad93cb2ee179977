import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { CLIENTS } from './clients.js';

/** Where each client's body is kept: `<id>.body`, the bytes, and `<id>.json`, what wrote them and how. */
const FIXTURES = new URL('../fixtures/', import.meta.url);

/**
 * @typedef {object} FixtureRecord what a fixture's `<id>.json` says of its body
 * @property {string} client the client and its version
 * @property {string[]} command the words of the command that sent it to the capturing server, the last `URL` for
 *   the server's address
 * @property {string} contentType the request's Content-Type, boundary included
 */

/**
 * @typedef {FixtureRecord & { id: string, body: Buffer, sends: import('./clients.js').SentPart }} ClientBody
 *   a real client's upload of the invoice, as kept, and the part a server should read from it
 */

/**
 * Every client's body, as its fixture keeps it.
 * @returns {ClientBody[]}
 */
export function loadClientBodies() {
  return CLIENTS.map(({ id, sends }) => {
    /** @type {FixtureRecord} */
    const record = JSON.parse(readFileSync(new URL(`${id}.json`, FIXTURES), 'utf8'));
    return { id, ...record, body: readFileSync(new URL(`${id}.body`, FIXTURES)), sends };
  });
}

/**
 * Keeps a captured body as a client's fixture.
 * @param {string} id
 * @param {FixtureRecord} record
 * @param {Buffer} body
 */
export async function writeClientBody(id, record, body) {
  await writeFile(new URL(`${id}.body`, FIXTURES), body);
  await writeFile(new URL(`${id}.json`, FIXTURES), formatRecord(record));
}

/**
 * A body with its boundary written `{boundary}`: the one thing a client draws anew on every request, so that two
 * bodies the same client wrote compare equal.
 * @param {{ contentType: string, body: Buffer }} sent
 * @returns {{ contentType: string, body: string }} the body as Latin-1, one character a byte
 */
export function withoutBoundary({ contentType, body }) {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  return {
    contentType: contentType.replaceAll(boundary, '{boundary}'),
    body: body.toString('latin1').replaceAll(boundary, '{boundary}'),
  };
}

/**
 * A record as JSON formatted as Biome formats it: one field a line, the command on one line where it fits in the
 * workspace's 120 columns and one word a line where it does not.
 * @param {FixtureRecord} record
 */
function formatRecord(record) {
  const words = record.command.map((word) => JSON.stringify(word));
  const command = `  "command": [${words.join(', ')}],`;
  const lines = [
    '{',
    `  "client": ${JSON.stringify(record.client)},`,
    command.length <= 120 ? command : `  "command": [\n${words.map((word) => `    ${word}`).join(',\n')}\n  ],`,
    `  "contentType": ${JSON.stringify(record.contentType)}`,
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

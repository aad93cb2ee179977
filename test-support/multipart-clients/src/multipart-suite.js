import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadClientBodies } from './client-bodies.js';
import { RFC_FORMS } from './rfc-forms.js';

/**
 * @typedef {object} UploadTarget where a server takes the upload of a document, and what it asks of the request
 * @property {string} url the full URL of `attachRfiDocument` for a document request that takes a document
 * @property {Record<string, string>} headers the bearer token and AccountId it accepts
 */

/**
 * @typedef {object} MultipartSubject
 * @property {string} name the server, for the test titles
 * @property {() => Promise<UploadTarget>} target
 * @property {(answer: any) => unknown} [storedPart] the part as the server's 200 answer says it kept it, for a server
 *   that keeps it (the emulator links the document; the mock answers its example)
 */

/**
 * @typedef {object} Upload one body to send
 * @property {string} title
 * @property {string} contentType
 * @property {Buffer} body
 * @property {import('./clients.js').SentPart} sends
 */

/**
 * Every upload of the invoice the servers must take: each real client's body as captured, then each RFC form.
 * @returns {Upload[]}
 */
export function listUploads() {
  return [
    ...loadClientBodies().map(({ id, client, contentType, body, sends }) => ({
      title: `${id}: ${client}`,
      contentType,
      body,
      sends,
    })),
    ...RFC_FORMS.map(({ id, contentType, body, sends }) => ({ title: id, contentType, body, sends })),
  ];
}

/**
 * Registers the test every server of ours passes with multipart bodies, over real sockets: the upload each real client
 * writes, and each form the RFCs allow, is answered 200, and a server that keeps the part keeps the name, type and
 * size that were sent. One definition for the mock and the emulator, so that neither is held to less.
 * @param {MultipartSubject} subject
 */
export function describeMultipartBodies(subject) {
  describe(`the ${subject.name} takes multipart bodies as real clients and the RFCs write them`, () => {
    it.for(listUploads().map((upload) => /** @type {const} */ ([upload.title, upload])))(
      '%s',
      async ([, { contentType, body, sends }]) => {
        const { url, headers } = await subject.target();
        const answer = await put(url, { ...headers, 'content-type': contentType }, body);
        expect(answer.status, answer.text).toBe(200);
        if (subject.storedPart) expect(subject.storedPart(JSON.parse(answer.text))).toMatchObject(sends);
      },
    );
  });
}

/**
 * A PUT on a connection of its own, closed after the answer: no idle keep-alive connection is left to race the
 * server's keep-alive timeout on a busy machine.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {Buffer} body
 * @returns {Promise<{ status: number | undefined, text: string }>}
 */
function put(url, headers, body) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'PUT', agent: false, headers: { ...headers, 'content-length': body.length } });
    sent.on('response', (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { LIMITS_TABLE } from '@payments-connect/contract/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropUploads, inBatches, pipelined, slowHeaders, slowUpload } from './abusive-clients.js';
import { HOSTILE_REQUESTS } from './hostile-requests.js';
import { sendRaw } from './raw-exchange.js';
import { startServerProcess } from './server-process.js';

/**
 * @typedef {object} ServerUnderTest a running server of the contract and what its requests need
 * @property {string} url
 * @property {import('./hostile-requests.js').Credentials} credentials
 */

/**
 * @typedef {object} HardeningSubject
 * @property {string} name the server, for the test titles
 * @property {() => ServerUnderTest} running the in-process server the caller started (in its own `beforeAll`), with
 *   the default timeouts: no test of a well-formed request may depend on a timer of the server
 * @property {(timeouts: { headersMs: number }) => Promise<ServerUnderTest & { stop: () => Promise<void> }>}
 *   startWithTimeouts another in-process server, whose short header timeout the slowloris test waits for
 * @property {number} maxBodyBytes the largest request body it accepts
 * @property {string} bin the server's command, started in a process of its own with `--port 0`
 * @property {URL} readme the server's reference (REFERENCE.md), whose Limits section must show the limits of every
 *   server as they are
 * @property {(url: string) => Promise<import('./hostile-requests.js').Credentials>} credentialsOf what requests to
 *   that process need (the emulator issues its own tokens; the mock takes any)
 */

/**
 * How many abusive clients each test sends. `npm test` sends as many as the defect each test guards needs to show;
 * `test:stress` (vitest's `fullSize`, provided by the servers' `vitest run --mode stress`) sends the full-size runs.
 * The rates below were measured with the defect fixed in d773808 put back (a refused upload's connection closed once
 * its answer was out, the rest of the body discarded for 2 s, then cut).
 */
const COUNTS = inject('fullSize')
  ? { refusedUploads: 100, overLimitUploads: 20, droppedUploads: 1_000, unreadUploads: 50 }
  : {
      // Per upload size and way. The defect failed every slow upload of 1 MiB and 9 MiB (cut before its body was
      // written whole) and lost 29 to 57 of 100 fetch answers at 9 MiB: one slow upload catches it, 20 fetch uploads
      // miss it with a chance below 0.71^20 (0.1 %) on their own. At 200 bytes the body is whole before the answer
      // and the defect lost 1 slow upload of 100: no count short of thousands would guard it there.
      refusedUploads: 20,
      // The defect lost 22 to 52 of 100 fetch answers over the limit and 3 to 7 of 100 slow ones: 20 each way miss
      // it with a chance of 0.78^20 x 0.97^20, 0.4 %, on their own; as at full size, since fewer would lose more.
      overLimitUploads: 20,
      // A socket kept for each dropped upload shows as 100 more open files, ten times the 10 the test allows; a
      // server that held each declared megabyte would grow by 100 MB, past the 64 MB bound.
      droppedUploads: 100,
      // The defect lost 21 to 24 of 50 answers: 40 uploads miss it with a chance below 0.58^40, under one in a
      // billion; a server that read the bodies into memory would grow by 380 MB, six times the 64 MB bound.
      unreadUploads: 40,
    };

/** @param {import('./hostile-requests.js').Credentials} credentials */
const authHeaders = (credentials) => ({ Authorization: credentials.authorization, AccountId: credentials.accountId });

/**
 * The server still answers a well-formed request.
 * @param {ServerUnderTest} server
 */
export async function expectStillAnswers({ url, credentials }) {
  // On a connection of its own, closed after the answer: an idle keep-alive connection left in fetch's pool would be
  // reused by a later test's upload, and race the server's keep-alive timeout on a busy machine.
  const { status } = await new Promise((resolve, reject) => {
    get(`${url}/v1/rfi`, { agent: false, headers: authHeaders(credentials) }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
    }).on('error', reject);
  });
  expect(status).toBe(200);
}

/**
 * Registers the tests every server of ours passes under hostile input, over real sockets: the table of hostile
 * requests, pipelining, a body over the limit, a slowloris client, refused and dropped uploads, and unauthenticated
 * 9.5 MB uploads ({@link COUNTS} of each). One definition for the mock and the emulator, so that neither is held to
 * less; what only one of them has (the mock's CORS, the emulator's control API) stays in its own tests.
 * @param {HardeningSubject} subject
 */
export function describeHardening(subject) {
  it(`the ${subject.name}'s reference shows the limits of every server as they are defined`, () => {
    expect(limitsRows(readFileSync(subject.readme, 'utf8'))).toEqual(LIMITS_TABLE.map((row) => [...row]));
  });

  describe(`the ${subject.name} under hostile requests`, () => {
    it.for(HOSTILE_REQUESTS.map((request) => /** @type {const} */ ([request.name, request])))(
      '%s',
      async ([, { bytes, statuses, envelope }]) => {
        const server = subject.running();
        const answer = await sendRaw(server.url, bytes(new URL(server.url).host, server.credentials));
        expect(statuses).toContain(answer.status);
        if (envelope && answer.status !== 0) {
          expect(answer.headers['content-type']).toBe('application/json');
          expect(JSON.parse(answer.body)).toEqual(
            expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
          );
        }
        await expectStillAnswers(server);
      },
    );

    it('answers pipelined requests in order on one connection', async () => {
      const { url, credentials } = subject.running();
      const get = (/** @type {string} */ path) =>
        `GET ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nAuthorization: ${credentials.authorization}\r\n` +
        `AccountId: ${credentials.accountId}\r\n\r\n`;
      const answers = await pipelined(url, [get('/v1/rfi'), get('/v1/nothing'), get(`/v1/rfi/${credentials.rfiId}`)]);
      expect(answers).toEqual([200, 404, 200]);
    });

    it(`a body over ${subject.maxBodyBytes} bytes is refused unread, and the connection closed`, async () => {
      const server = subject.running();
      const response = await fetch(`${server.url}/v1/rfi/${server.credentials.rfiId}/responses`, {
        method: 'PUT',
        headers: { ...authHeaders(server.credentials), 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [], padding: 'x'.repeat(subject.maxBodyBytes) }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `body is larger than the ${subject.maxBodyBytes} bytes accepted`,
      });
      expect(response.headers.get('connection')).toBe('close');
      await expectStillAnswers(server);
    });
  });

  // Each of these sends thousands of connections or hundreds of megabytes: seconds, not milliseconds, on a busy
  // machine.
  describe(`the ${subject.name} under abusive clients`, { timeout: 300_000 }, () => {
    it('a slowloris client is cut off at the header timeout, and others are served meanwhile', async () => {
      const headersMs = 1_000;
      const server = await subject.startWithTimeouts({ headersMs });
      try {
        // Node looks for connections past their timeouts once a second: the cut comes within about two seconds,
        // and the client waits ten times that before it calls the server unresponsive.
        const slow = slowHeaders(server.url, { intervalMs: 200, giveUpMs: 20 * (headersMs + 1_000) });
        await expectStillAnswers(server);
        const { closedByServer, answer } = await slow;
        expect(closedByServer).toBe(true);
        expect(answer.status).toBe(408);
      } finally {
        await server.stop();
      }
    });

    // Measured on a server process of its own (its command), so that the clients' memory is not counted as its.
    describe('in a process of its own', () => {
      /** @type {import('./server-process.js').ServerProcess} */
      let server;
      /** @type {ServerUnderTest} */
      let target;
      const putResponses = () => `${target.url}/v1/rfi/${target.credentials.rfiId}/responses`;
      beforeAll(async () => {
        server = await startServerProcess(subject.bin, ['--port', '0']);
        target = { url: server.url, credentials: await subject.credentialsOf(server.url) };
      });
      afterAll(() => server?.stop());

      const dropped = COUNTS.droppedUploads;
      it(`${dropped.toLocaleString('en')} dropped uploads leave no socket and no memory behind`, async () => {
        await expectStillAnswers(target);
        const before = server.stats();
        const { credentials } = target;
        const head = (/** @type {number} */ declaredBytes) =>
          `PUT ${new URL(putResponses()).pathname} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
          `Authorization: ${credentials.authorization}\r\nAccountId: ${credentials.accountId}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`;
        await dropUploads(server.url, { count: dropped, head, declaredBytes: 1_000_000, sentBytes: 64 * 1024 });
        await expectStillAnswers(target);
        // Sockets close as their drops are noticed; give the server a bounded moment to see the last ones.
        for (let wait = 0; wait < 100 && server.stats().fds > before.fds + 10; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const after = server.stats();
        // A leak of the dropped connections would show in the hundreds; a few are the test's own keep-alive sockets.
        expect(after.fds).toBeLessThanOrEqual(before.fds + 10);
        expect(after.rssBytes - before.rssBytes).toBeLessThan(64 * 1024 * 1024);
      });

      // Refused before a byte of the body is read, each upload still gets its answer: the server sends it, drains
      // the body and only then closes. One refusal of each kind in turn, over keep-alive and Connection: close.
      const refusals = /** @type {const} */ ([
        { status: 401, method: 'PUT', bearer: false, type: 'multipart/form-data; boundary=b' },
        { status: 405, method: 'POST', bearer: true, type: 'multipart/form-data; boundary=b' },
        { status: 415, method: 'PUT', bearer: true, type: 'text/plain' },
      ]);
      const uploadPath = () =>
        `/v1/rfi/${target.credentials.rfiId}/document-requests/${target.credentials.questionId}/document`;
      /** @param {number} index */
      const refusalOf = (index) => refusals[index % refusals.length] ?? refusals[0];
      /** @param {{ bearer: boolean, type: string }} refusal */
      const uploadHeaders = ({ bearer, type }) => ({
        ...(bearer ? { Authorization: target.credentials.authorization } : {}),
        AccountId: target.credentials.accountId,
        'Content-Type': type,
      });

      const tries = COUNTS.refusedUploads;
      it.for([200, 1024 * 1024, 9 * 1024 * 1024])(
        `refused %i-byte uploads are each answered: ${tries} sent with fetch, ${tries} from a slow socket`,
        async (bodyBytes) => {
          const body = Buffer.alloc(bodyBytes, 0x61);
          const fetched = await inBatches(tries, 10, (index) => {
            const refusal = refusalOf(index);
            return fetch(`${target.url}${uploadPath()}`, {
              method: refusal.method,
              headers: uploadHeaders(refusal),
              body,
            }).then(
              async (response) => ({ status: response.status, code: (await response.json()).code }),
              (error) => ({ status: 0, code: String(error.cause?.code ?? error.message) }),
            );
          });
          expect(fetched.filter(({ status }, index) => status !== refusalOf(index).status)).toEqual([]);
          const host = new URL(target.url).host;
          const slow = await inBatches(tries, 10, async (index) => {
            const refusal = refusalOf(index);
            const headers = Object.entries({ Host: host, ...uploadHeaders(refusal), 'Content-Length': bodyBytes });
            const connection = index % 2 === 0 ? 'Connection: close\r\n' : '';
            const head = `${refusal.method} ${uploadPath()} HTTP/1.1\r\n${headers
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('')}${connection}\r\n`;
            const { answer, wroteWholeBody, error } = await slowUpload(target.url, { head, bodyBytes });
            return { status: answer.status, envelope: answer.headers['content-type'], wroteWholeBody, error };
          });
          const expected = slow.map((_, index) => ({
            status: refusalOf(index).status,
            envelope: 'application/json',
            wroteWholeBody: true,
            error: undefined,
          }));
          expect(slow).toEqual(expected);
          await expectStillAnswers(target);
        },
      );

      const overLimit = COUNTS.overLimitUploads;
      const overLimitTitle = `${overLimit} with fetch and ${overLimit} from a slow socket`;
      it(`uploads over the body limit are each answered, ${overLimitTitle}`, async () => {
        const bodyBytes = subject.maxBodyBytes + 1;
        const headers = { ...uploadHeaders(refusals[0]), Authorization: target.credentials.authorization };
        const body = Buffer.alloc(bodyBytes, 0x61);
        const fetched = await inBatches(overLimit, 5, () =>
          fetch(`${target.url}${uploadPath()}`, { method: 'PUT', headers, body }).then(
            (response) => response.status,
            (error) => String(error.cause?.code ?? error.message),
          ),
        );
        expect(fetched).toEqual(Array(overLimit).fill(400));
        const host = new URL(target.url).host;
        const head =
          `PUT ${uploadPath()} HTTP/1.1\r\nHost: ${host}\r\n` +
          `${Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}Content-Length: ${bodyBytes}\r\n\r\n`;
        const slow = await inBatches(overLimit, 5, () => slowUpload(target.url, { head, bodyBytes }));
        expect(slow.map(({ answer }) => answer.status)).toEqual(Array(overLimit).fill(400));
      });

      const unread = COUNTS.unreadUploads;
      it(`${unread} unauthenticated 9.5 MB uploads are refused before their bodies are read`, async () => {
        const before = server.stats();
        const body = 'x'.repeat(9.5 * 1024 * 1024);
        // Ten at a time: a server that kept the bodies would grow by some 95 MB a batch, far past the bound below,
        // while a server starved of CPU by all of them at once could time a connection out before reading its head.
        const answers = await inBatches(unread, 10, () =>
          fetch(putResponses(), {
            method: 'PUT',
            headers: { AccountId: target.credentials.accountId, 'content-type': 'application/json' },
            body,
          }).then(
            (response) => response.status,
            () => 0,
          ),
        );
        // 401 before the body, every one of them: the body is drained, never read into memory.
        expect(answers).toEqual(Array(unread).fill(401));
        await expectStillAnswers(target);
        expect(server.stats().rssBytes - before.rssBytes).toBeLessThan(64 * 1024 * 1024);
      });
    });
  });
}

/**
 * The rows of the first table of a README's Limits section, each as its three cells.
 * @param {string} markdown
 * @returns {string[][]}
 */
function limitsRows(markdown) {
  const section = markdown.split(/^## Limits$/m)[1]?.split(/^## /m)[0] ?? '';
  const table = section.split(/\n\n/).find((block) => block.startsWith('| Limit |')) ?? '';
  return table
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

import { DEFAULT_LIMITS } from '../server/limits.js';
import { bodyAnnounced, NO_BODY } from '../server/pipeline/body-limit.js';
import { servingPolicy } from '../server/pipeline/pipeline-policy.js';
import { startExchange } from '../server/pipeline/publish-exchange.js';
import { createRequestPipeline } from '../server/pipeline/request-pipeline.js';

/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../server/pipeline/answer-request.js').Answerer} Answerer
 * @typedef {import('../server/pipeline/body-limit.js').ReadBody} ReadBody
 * @typedef {import('../server/pipeline/pipeline-policy.js').PipelinePolicy} PipelinePolicy
 * @typedef {import('../server/pipeline/publish-exchange.js').Exchange} Exchange
 * @typedef {import('../server/pipeline/request-pipeline.js').Gate} Gate
 * @typedef {import('../server/pipeline/request-pipeline.js').SentAnswer} SentAnswer
 */

/**
 * @typedef {object} FetchHandlerOptions
 * @property {Contract} contract what requests and answers are judged by
 * @property {string} name the answerer, in the message of an answer it failed to make (`msw error: …`)
 * @property {Answerer} answer how a request that keeps the contract is answered (`{ status, headers?, body? }` or
 *   `{ status, headers?, text? }`, or a promise of one); it throws a `RefusalError` to refuse
 * @property {Gate} [gate] refuses before the media type, parameters and body are judged (a token not issued, a fault)
 * @property {PipelinePolicy} [policy] what is done with an exchange that breaks the contract: by default a request
 *   that breaks it is refused and an answer that breaks it is sent as it is (`servingPolicy(contract, { name, strict:
 *   false })`); `servingPolicy(contract, { name, strict: true })` turns such an answer into a 500 naming each violation
 * @property {{ maxBodyBytes?: number }} [limits] the largest body taken (default `DEFAULT_LIMITS.maxBodyBytes`,
 *   10 MiB): a larger one is refused 400, the rest unread
 * @property {(exchange: Exchange) => void} [publish] told of each exchange once it is answered, before the answer is
 *   handed back: the journal (`journalExchanges(createRequestJournal(), contract.tokenOperation)`), a report
 */

/** Statuses whose answers have no body, whatever was made for them (Fetch refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The request pipeline as a Fetch handler: `(request: Request) => Promise<Response>`, for MSW's `http.all` resolver or
 * a service worker, in Node or a browser. The same stages as a server's (`request-pipeline.js`), so the same decisions:
 * route, head check, gate, body check, answer, answer check, publish; the same refusals in the error envelope. What
 * node:http does with a connection has no place here: the body is read whole within the limit as the handler is
 * called (a body without `Content-Length` counted as it comes, and announced by the length read, so that the checks
 * read it as a server reads a client's), and a request whose body stream fails is answered `Response.error()`.
 * Loads nothing of Node's.
 * @param {FetchHandlerOptions} options
 * @returns {(request: Request) => Promise<Response>}
 * @throws {TypeError} for a missing contract, name or answer, a gate or publish that is no function, a limit that is no
 *   positive integer
 */
export function createFetchHandler(options) {
  const { contract, name, answer, gate, publish = () => {} } = options ?? {};
  if (!contract || typeof contract.match !== 'function')
    throw new TypeError('createFetchHandler needs a contract: createContract(document, { validators })');
  if (typeof name !== 'string' || name === '') throw new TypeError('createFetchHandler needs a name (the answerer)');
  for (const [option, value] of Object.entries({ answer, gate, publish })) {
    if (value !== undefined && typeof value !== 'function') throw new TypeError(`${option} must be a function`);
  }
  if (!answer) throw new TypeError(`the ${name} needs an answer function`);
  const maxBodyBytes = options.limits?.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new TypeError(`limits.maxBodyBytes must be a positive integer, got ${maxBodyBytes}`);
  const pipeline = createRequestPipeline({
    contract,
    name,
    answer: (request) => {
      // The answerer is given only requests that kept the contract: a policy that passes others on has no answerer.
      if (request.kind !== 'accepted') throw new Error(`a request that broke the contract reached the ${name}`);
      return answer(request);
    },
    gate,
    policy: options.policy ?? servingPolicy(contract, { name, strict: false }),
    publish,
    limits: { maxBodyBytes },
  });
  return async (request) => {
    const target = targetOf(request.url);
    const headers = headersOf(request.headers);
    const exchange = startExchange({
      method: request.method,
      url: target,
      headers: Object.fromEntries(request.headers),
      headersDistinct: headers,
    });
    const body = await readBody(request, headers, maxBodyBytes);
    /** @type {Response | undefined} */
    let response;
    await pipeline.handle(
      { method: request.method, target, headers },
      {
        readBody: () => body,
        send: (answer) => {
          response = responseOf(answer, request.method);
        },
        abandon: () => {},
      },
      exchange,
    );
    return response ?? Response.error();
  };
}

/**
 * The target of a request as a server reads it from its request line: the path and query of its URL.
 * @param {string} url
 */
function targetOf(url) {
  const { pathname, search } = new URL(url);
  // An empty query is sent as a lone `?`, which the URL's `search` drops.
  return `${pathname}${search === '' && url.endsWith('?') ? '?' : search}`;
}

/**
 * Every header, lower-case names, every value, as node:http reads them: a Fetch `Headers` joins the values of one
 * name into one (`, `), save `Set-Cookie`'s.
 * @param {Headers} headers
 * @returns {Record<string, string[] | undefined>}
 */
function headersOf(headers) {
  /** @type {Record<string, string[] | undefined>} */
  const distinct = Object.create(null);
  for (const [name, value] of headers) distinct[name] = [value];
  const cookies = headers.getSetCookie?.() ?? [];
  if (cookies.length > 0) distinct['set-cookie'] = cookies;
  return distinct;
}

/**
 * The body whole, within the limit: what a server reads at the body stage. One its headers announce larger than the
 * limit is not read; one no header announces (a Fetch `Request` carries its body without a length) is read as it
 * comes and then announced by the length read, so that the checks, which read a body's announcement, read it as they
 * read a client's.
 * @param {Request} request
 * @param {Record<string, string[] | undefined>} headers announced into, when no header announces the body
 * @param {number} maxBodyBytes
 * @returns {Promise<ReadBody>}
 */
async function readBody(request, headers, maxBodyBytes) {
  const announced = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
  if (announced) {
    const settled = bodyAnnounced(headers, maxBodyBytes);
    if (settled !== undefined) return settled;
  }
  if (!request.body) return NO_BODY;
  const body = await readWithin(request.body, maxBodyBytes);
  if (!announced) {
    if (body instanceof Uint8Array) headers['content-length'] = [String(body.length)];
    else headers['transfer-encoding'] = ['chunked'];
  }
  return body;
}

/**
 * @param {ReadableStream<Uint8Array>} stream
 * @param {number} maxBodyBytes
 * @returns {Promise<ReadBody>}
 */
async function readWithin(stream, maxBodyBytes) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBodyBytes) {
        // The rest is left unread, as a server leaves it.
        reader.cancel().catch(() => {});
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'abandoned';
  }
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

/**
 * The answer as a Fetch `Response`, with the headers a server sends it with (`send-answer.js`): its own, then its
 * length, its type where the pipeline names it, and those the policy adds, ours winning over its own of the same name.
 * @param {SentAnswer} answer
 * @param {string} method
 */
function responseOf({ status, headers, body, contentType, added }, method) {
  const sent = new Headers(headers);
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  sent.set('content-length', String(bytes?.length ?? 0));
  if (contentType !== undefined) sent.set('content-type', contentType);
  for (const [name, value] of Object.entries(added ?? {})) sent.set(name, value);
  const empty = bytes === undefined || NULL_BODY_STATUSES.has(status) || method === 'HEAD';
  return new Response(empty ? null : /** @type {Uint8Array<ArrayBuffer>} */ (bytes), { status, headers: sent });
}

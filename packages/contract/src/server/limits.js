import { MAX_JSON_DEPTH } from '../model/json-depth.js';

/**
 * The limits every server of the contract keeps, named once: the pipeline, the commands' usage, both servers'
 * READMEs (tested against {@link LIMITS_TABLE}) and the hardening tests read them here. The interface document shows
 * none of them; they only protect the process from clients that misbehave.
 */

/**
 * @typedef {object} Limits
 * @property {number} maxBodyBytes a request body larger than this is refused (400) as soon as its Content-Length or
 *   its first bytes past it arrive, unread
 * @property {number} maxControlBodyBytes the largest body of a control route (`/_mock/…`, `/_emulator/…`): test
 *   records, never uploads
 * @property {number} maxHeadersCount the most request headers read; the rest are ignored
 * @property {number} headersTimeoutMs how long a client may take to send the request head (slowloris ends here)
 * @property {number} requestTimeoutMs how long a client may take to send a whole request, body included
 * @property {number} keepAliveTimeoutMs how long an idle keep-alive connection stays open
 * @property {number} upstreamTimeoutMs how long a proxy waits for its upstream's whole answer
 * @property {number} drainIdleMs a refused upload is drained until the client goes quiet this long...
 * @property {number} drainMaxMs ...or this long in all, at most `maxBodyBytes` of it (nginx's lingering close keeps
 *   the same two bounds)
 */

/** @type {Readonly<Limits>} */
export const DEFAULT_LIMITS = Object.freeze({
  maxBodyBytes: 10 * 1024 * 1024,
  maxControlBodyBytes: 64 * 1024,
  maxHeadersCount: 100,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  upstreamTimeoutMs: 30_000,
  drainIdleMs: 5_000,
  drainMaxMs: 30_000,
});

/**
 * How often Node looks for connections past their timeouts. Its default, 30 s, would let a slow client linger far
 * past `headersTimeoutMs`.
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/**
 * The limits as the servers' READMEs show them, one row each: what is limited, the value, what happens past it.
 * @type {ReadonlyArray<readonly [string, string, string]>}
 */
export const LIMITS_TABLE = Object.freeze([
  [
    'request body',
    `${mebibytes(DEFAULT_LIMITS.maxBodyBytes)} (\`DEFAULT_LIMITS.maxBodyBytes\`)`,
    '400, refused from `Content-Length` or the first bytes past the limit, unread',
  ],
  [
    'a request refused before its body is read (401, 405, 415, too large)',
    `the body drained: at most ${mebibytes(DEFAULT_LIMITS.maxBodyBytes)}, ` +
      `${seconds(DEFAULT_LIMITS.drainIdleMs)} quiet, ${seconds(DEFAULT_LIMITS.drainMaxMs)} in all`,
    'the answer first (`Connection: close`), then the rest of the body read and discarded, then closed',
  ],
  [
    'request head',
    `${seconds(DEFAULT_LIMITS.headersTimeoutMs)} (\`timeouts.headersMs\`)`,
    '408 in the envelope, connection closed',
  ],
  [
    'whole request',
    `${seconds(DEFAULT_LIMITS.requestTimeoutMs)} (\`timeouts.requestMs\`)`,
    '408 in the envelope, connection closed',
  ],
  ['idle keep-alive connection', `${seconds(DEFAULT_LIMITS.keepAliveTimeoutMs)} (\`timeouts.keepAliveMs\`)`, 'closed'],
  [
    "the upstream's answer (the mock's proxy)",
    seconds(DEFAULT_LIMITS.upstreamTimeoutMs),
    '504 in the envelope; an upstream that cannot be reached, 502',
  ],
  ['request headers', String(DEFAULT_LIMITS.maxHeadersCount), 'the rest ignored'],
  ['JSON nesting', `${MAX_JSON_DEPTH} levels`, '400'],
  ['a malformed request line or header', '', '400 in the envelope (431 for headers too large), connection closed'],
  [
    'control route body',
    `${DEFAULT_LIMITS.maxControlBodyBytes / 1024} KiB of JSON, an object; other media types 415`,
    '400',
  ],
  ['control route caller', 'a loopback `Host` without a foreign `Origin`', '403'],
]);

/** @param {number} bytes */
function mebibytes(bytes) {
  return `${bytes / (1024 * 1024)} MiB`;
}

/** @param {number} ms */
function seconds(ms) {
  return `${ms / 1000} s`;
}

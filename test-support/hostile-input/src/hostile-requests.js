/**
 * Requests no well-behaved client sends, each with the answer a server of the contract must give: a documented
 * status in the error envelope, or Node's own parser refusal (its 400 or 431, or closing the connection). Both
 * servers (the mock and the emulator) run this one table, and must answer the next request after each.
 */

/**
 * @typedef {object} Credentials what a request needs to reach an operation
 * @property {string} authorization the whole Authorization header (`Bearer …`)
 * @property {string} accountId
 * @property {string} rfiId an open case
 * @property {string} questionId a question of it
 */

/**
 * @typedef {object} HostileRequest
 * @property {string} name
 * @property {(host: string, credentials: Credentials) => string | Buffer} bytes the whole request
 * @property {number[]} statuses the acceptable statuses (0: the server closed the connection without answering)
 * @property {boolean} envelope whether the answer, when there is one, must be the JSON error envelope
 */

const crlf = (/** @type {string[]} */ ...lines) => `${lines.join('\r\n')}\r\n\r\n`;
/** @param {string} host @param {Credentials} c */
const authHeaders = (host, c) => [`Host: ${host}`, `Authorization: ${c.authorization}`, `AccountId: ${c.accountId}`];
/** @param {Credentials} c */
const answerPath = (c) => `/v1/rfi/${c.rfiId}/questions/${c.questionId}/answer`;
/** @param {string} host @param {Credentials} c @param {string} body @param {string[]} [extra] */
const putAnswer = (host, c, body, extra = ['Content-Type: application/json']) => {
  const length = `Content-Length: ${Buffer.byteLength(body)}`;
  return `${crlf(`PUT ${answerPath(c)} HTTP/1.1`, ...authHeaders(host, c), ...extra, length)}${body}`;
};
/** @param {string} host @param {Credentials} c @param {string[]} extra */
const putHead = (host, c, extra) => crlf(`PUT ${answerPath(c)} HTTP/1.1`, ...authHeaders(host, c), ...extra);

/** @type {HostileRequest[]} */
export const HOSTILE_REQUESTS = [
  {
    name: 'an asterisk-form target (OPTIONS *)',
    bytes: (host) => crlf('OPTIONS * HTTP/1.1', `Host: ${host}`),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'an absolute-form target naming another host',
    bytes: (host, c) => crlf('GET http://other.example/v1/rfi HTTP/1.1', ...authHeaders(host, c)),
    statuses: [200],
    envelope: false,
  },
  {
    name: 'an authority-form target (CONNECT)',
    bytes: (host) => crlf('CONNECT other.example:443 HTTP/1.1', `Host: ${host}`),
    statuses: [0, 400, 405],
    envelope: true,
  },
  { name: 'a request line that is not HTTP', bytes: () => 'HELLO THERE\r\n\r\n', statuses: [400], envelope: true },
  {
    name: 'a header line without a colon',
    bytes: (host) => crlf('GET /v1/rfi HTTP/1.1', `Host: ${host}`, 'NoColonHere'),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'headers larger than the server reads (20 KB)',
    bytes: (host) => crlf('GET /v1/rfi HTTP/1.1', `Host: ${host}`, `X-Big: ${'a'.repeat(20_000)}`),
    statuses: [431],
    envelope: true,
  },
  {
    name: 'a 70 KB target',
    bytes: (host) => crlf(`GET /v1/rfi?x=${'a'.repeat(70_000)} HTTP/1.1`, `Host: ${host}`),
    statuses: [431, 414, 400],
    envelope: true,
  },
  {
    name: 'Content-Length and Transfer-Encoding both (request smuggling)',
    bytes: (host, c) => {
      const head = putHead(host, c, [
        'Content-Type: application/json',
        'Content-Length: 4',
        'Transfer-Encoding: chunked',
      ]);
      return `${head}0\r\n\r\n`;
    },
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a Content-Length that is no number',
    bytes: (host, c) => crlf(`PUT ${answerPath(c)} HTTP/1.1`, ...authHeaders(host, c), 'Content-Length: -5'),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'two different Content-Length headers',
    bytes: (host, c) =>
      `${crlf(`PUT ${answerPath(c)} HTTP/1.1`, ...authHeaders(host, c), 'Content-Length: 2', 'Content-Length: 3')}{}`,
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a 10 GB body announced, none sent',
    bytes: (host, c) =>
      crlf(
        `PUT ${answerPath(c)} HTTP/1.1`,
        ...authHeaders(host, c),
        'Content-Type: application/json',
        'Content-Length: 10737418240',
      ),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a 10 GB body announced with Expect: 100-continue',
    bytes: (host, c) =>
      crlf(
        `PUT ${answerPath(c)} HTTP/1.1`,
        ...authHeaders(host, c),
        'Content-Type: application/json',
        'Expect: 100-continue',
        'Content-Length: 10737418240',
      ),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a malformed Content-Type (;;;=;)',
    bytes: (host, c) => putAnswer(host, c, '{"answer":"x"}', ['Content-Type: ;;;=;']),
    statuses: [415],
    envelope: true,
  },
  {
    name: 'JSON nested 5,000 levels deep (10 KB)',
    bytes: (host, c) => putAnswer(host, c, `{"answer":${'['.repeat(5000)}${']'.repeat(5000)}}`),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a body that is not UTF-8 JSON',
    bytes: (host, c) => putAnswer(host, c, '\u00ff\u00fe{"answer":"x"}'),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'the AccountId header twice',
    bytes: (host, c) => crlf('GET /v1/rfi HTTP/1.1', ...authHeaders(host, c), `AccountId: ${c.accountId}`),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'a HEAD on a GET operation',
    bytes: (host, c) => crlf('HEAD /v1/rfi HTTP/1.1', ...authHeaders(host, c)),
    statuses: [405],
    envelope: false,
  },
  {
    name: 'a TRACE',
    bytes: (host, c) => crlf('TRACE /v1/rfi HTTP/1.1', ...authHeaders(host, c)),
    statuses: [405],
    envelope: true,
  },
  {
    name: 'a malformed percent-escape in the path',
    bytes: (host, c) => crlf('GET /v1/rfi/%zz HTTP/1.1', ...authHeaders(host, c)),
    statuses: [400],
    envelope: true,
  },
  {
    name: 'dot segments climbing out of the root',
    bytes: (host, c) => crlf('GET /../../../etc/passwd HTTP/1.1', ...authHeaders(host, c)),
    statuses: [404],
    envelope: true,
  },
  {
    name: 'a chunked body that never ends in time, over the body limit',
    bytes: (host, c) => {
      const chunk = 'a'.repeat(1024 * 1024);
      const chunks = Array.from({ length: 11 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
      return `${putHead(host, c, ['Content-Type: application/json', 'Transfer-Encoding: chunked'])}${chunks}`;
    },
    statuses: [400],
    envelope: true,
  },
];

/** @typedef {import('./consumer-recordings.js').ObservedExchange} ObservedExchange */

/** The answer headers a recording keeps, lower case: one it does not hold was not sent. */
const RECORDED_ANSWER_HEADERS = ['content-type', 'location', 'retry-after'];

/**
 * A line of a recording of the sandbox, as `payments-connect-mock --proxy URL --record FILE` (`startMock({ proxy,
 * record })`) writes it: a request that kept the contract and its answer, `{ "recording": 1, operationId, method,
 * target, requestBody?, requestBodyNotKept?, status, headers, body?, withheld? }`. It keeps the answer's
 * `Content-Type`, `Location` and `Retry-After` and no request header; both bodies whole, as JSON, but a request body
 * of another type (an upload), which it names and does not keep; and no credentials: the token exchange's secret and
 * tokens are `withheld`, and a body they were withheld from is not whole: what it holds is not judged.
 * @type {import('./consumer-recordings.js').LineReader}
 */
export const recordedAnswerReader = {
  format: 'recorded answer',
  recognises: (record) => 'recording' in record,
  read(record) {
    const { recording, method, target, status, operationId, headers, requestBodyNotKept, withheld = [] } = record;
    if (recording !== 1) return `recording must be 1, the version of the format the gate reads; got ${recording}`;
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) return 'method must be an HTTP method';
    if (typeof target !== 'string' || !target.startsWith('/')) return 'target must be the path and query as sent';
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
      return 'status must be an HTTP status';
    if (typeof operationId !== 'string') return 'operationId must be text';
    if (!isObject(headers) || Object.values(headers).some((value) => typeof value !== 'string'))
      return 'headers must be an object of header names to text';
    if (requestBodyNotKept !== undefined && typeof requestBodyNotKept !== 'string')
      return 'requestBodyNotKept must be a media type';
    if (!Array.isArray(withheld) || withheld.some((place) => typeof place !== 'string'))
      return 'withheld must list the places of the credentials left out';
    /** @type {Record<string, string>} */
    const answerHeaders = {};
    for (const [name, value] of Object.entries(headers)) answerHeaders[name.toLowerCase()] = String(value);
    const contentType = answerHeaders['content-type'];
    const { requestBody, body } = record;
    const whole = (/** @type {string} */ side) => !withheld.some((place) => place.startsWith(`${side}/`));
    return {
      method: method.toUpperCase(),
      target,
      operationId,
      status,
      requestHeaders: { values: {}, known: [] },
      requestBody:
        requestBody !== undefined
          ? { text: JSON.stringify(requestBody), complete: whole('requestBody'), mediaType: 'application/json' }
          : typeof requestBodyNotKept === 'string'
            ? { text: '', complete: false, mediaType: requestBodyNotKept }
            : null,
      answerHeaders: { values: answerHeaders, known: RECORDED_ANSWER_HEADERS },
      answerBody:
        body === undefined
          ? null
          : { text: JSON.stringify(body), complete: whole('body'), ...(contentType ? { mediaType: contentType } : {}) },
      // A recording holds only answers the API gave.
      answered: true,
    };
  },
};

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { journaledBody } from './journaled-body.js';

/** As Node's Buffer reads UTF-8: a byte order mark kept. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** What a credential in a journaled body is replaced by. */
const REDACTED = '[redacted]';

/** The fields of the token exchange that are credentials: its request's secret, its answer's token. */
const CREDENTIAL_FIELDS = ['clientSecret', 'access_token'];

/** A letter, digit or mark: what words are made of, to tell a value standing alone from the letters of a word. */
const WORD_START = /^[\p{L}\p{N}\p{M}]/u;
const WORD_END = /[\p{L}\p{N}\p{M}]$/u;

/**
 * @template {{ rule: string, message: string }} RequestViolation
 * @template {{ rule: string, message: string }} AnswerViolation
 * @typedef {object} TokenExchange a token exchange, as a journal is told of it or keeps it
 * @property {{ text: string | null, truncated: boolean }} requestBody
 * @property {{ text: string | null, truncated: boolean }} answerBody
 * @property {RequestViolation[]} requestViolations
 * @property {AnswerViolation[]} answerViolations
 */

/**
 * What a journal keeps of the token exchange, whose request and answer carry credentials: its request's `clientSecret`
 * and its answer's `access_token` replaced in their fields, and wherever else the bodies or the violations' messages
 * echo them as a value (a sandbox's 401 that names the secret it refused). A body that does not parse may hold one
 * where it cannot be found: it is not kept, nor quoted in a violation, and neither is the answer to a request that
 * does not parse (a refusal that quotes what did not parse).
 * @template {{ rule: string, message: string }} RequestViolation
 * @template {{ rule: string, message: string }} AnswerViolation
 * @param {{ request: Uint8Array | undefined, answer: string | undefined, requestViolations: RequestViolation[],
 *   answerViolations: AnswerViolation[] }} exchange
 * @returns {TokenExchange<RequestViolation, AnswerViolation>}
 */
export function journaledTokenExchange({ request, answer, requestViolations, answerViolations }) {
  const requestText = request === undefined || request.length === 0 ? undefined : UTF8.decode(request);
  const requestValue = requestText === undefined ? undefined : parsedObject(requestText);
  const answerValue = answer === undefined ? undefined : parsedObject(answer);
  /** @type {string[]} */
  const credentials = [];
  for (const value of [requestValue, answerValue]) {
    for (const field of CREDENTIAL_FIELDS) {
      const credential = value?.[field];
      if (typeof credential === 'string' && credential.length > 0) credentials.push(credential);
    }
  }
  /** @template {{ rule: string, message: string }} V @param {V[]} violations @returns {V[]} */
  const kept = (violations) =>
    violations.map((violation) => ({
      ...violation,
      message:
        violation.rule === 'json'
          ? 'the body is not JSON (not quoted: the token exchange carries credentials)'
          : redactValues(violation.message, credentials),
    }));
  const unreadRequest = requestText !== undefined && requestValue === undefined;
  return {
    requestBody: redactedBody(request, credentials),
    answerBody: unreadRequest && answer ? { text: REDACTED, truncated: false } : redactedBody(answer, credentials),
    requestViolations: kept(requestViolations),
    answerViolations: kept(answerViolations),
  };
}

/**
 * `text` with each of `values` replaced by `[redacted]` where it stands as a whole value: the whole text, or delimited
 * by what is no letter, digit or mark (quotes, spaces, punctuation, `_`). Never inside a longer word: a secret `client`
 * leaves `clientId` as it is, so a message keeps reading and the marks do not spell out the secret's letters.
 * @param {string} text
 * @param {string[]} values
 */
export function redactValues(text, values) {
  let redacted = text;
  // The longest first: a value that holds another is replaced whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    if (value.length === 0) continue;
    const wordAtStart = WORD_START.test(value);
    const wordAtEnd = WORD_END.test(value);
    let kept = '';
    let from = 0;
    let at = redacted.indexOf(value);
    while (at !== -1) {
      const end = at + value.length;
      const joined =
        (wordAtStart && WORD_END.test(redacted.slice(Math.max(0, at - 2), at))) ||
        (wordAtEnd && WORD_START.test(redacted.slice(end, end + 2)));
      if (joined) at = redacted.indexOf(value, at + 1);
      else {
        kept += `${redacted.slice(from, at)}${REDACTED}`;
        from = end;
        at = redacted.indexOf(value, end);
      }
    }
    redacted = kept + redacted.slice(from);
  }
  return redacted;
}

/**
 * A body of the token exchange as a journal keeps it: cut as any body is ({@link journaledBody}), its credentials
 * replaced.
 * @param {Uint8Array | string | undefined} body
 * @param {string[]} credentials their values, replaced wherever they stand as a whole value in the body's strings: an
 *   answer may echo the secret it was sent
 */
function redactedBody(body, credentials) {
  const kept = journaledBody(body);
  return kept.text === null ? kept : { text: redactCredentials(kept.text, credentials), truncated: kept.truncated };
}

/**
 * A JSON body with its credentials replaced, the fields that hold them and their values wherever else they stand; a
 * body that is no JSON object is kept out whole, since a credential in it could not be found.
 * @param {string} text
 * @param {string[]} credentials
 */
function redactCredentials(text, credentials) {
  const value = parsedObject(text);
  if (!value) return REDACTED;
  for (const field of CREDENTIAL_FIELDS) if (field in value) value[field] = REDACTED;
  return JSON.stringify(value, (_, member) =>
    typeof member === 'string' && credentials.length > 0 ? redactValues(member, credentials) : member,
  );
}

/**
 * @param {string} text
 * @returns {Record<string, unknown> | undefined} the JSON object `text` holds; undefined for anything else
 */
function parsedObject(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

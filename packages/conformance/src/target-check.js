import { describeFetchFailure } from '@payments-connect/contract/server';

/**
 * How long the target may take to answer the one token request. Far above what a token exchange takes: it ends a
 * hang, it never decides that a slow target is a wrong one.
 */
export const TARGET_CHECK_TIMEOUT_MS = 30_000;

/**
 * One token request to a sandbox target before the suite runs (`POST <base URL><token path>`, as the client sends
 * it): a base URL that is not the server's root (one ending in `/v1`), a server that cannot be reached, or
 * credentials it refuses, is then one message naming what was tried and what came back, instead of the same failure
 * in every test of the suite.
 * @param {import('./target-config.js').SandboxTarget} target
 * @param {{ tokenPath: string, timeoutMs?: number }} options the token exchange's path in the contract
 * @returns {Promise<string | undefined>} what is wrong, undefined when the target issued a token
 */
export async function checkTarget(target, { tokenPath, timeoutMs = TARGET_CHECK_TIMEOUT_MS }) {
  const url = `${target.baseUrl}${tokenPath}`;
  const tried = `POST ${url} (a token for PAYMENTS_CONNECT_CLIENT_ID=${target.clientId})`;
  /** @type {Response} */
  let response;
  let text;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ clientId: target.clientId, clientSecret: target.clientSecret }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return (
      `the target cannot be reached: ${tried}: ${describeFetchFailure(error, timeoutMs)}. ` +
      `Is PAYMENTS_CONNECT_BASE_URL=${target.baseUrl} right, and the server running?`
    );
  }
  const answered = `${tried} answered ${response.status}${envelopeSummary(text)}`;
  if (response.ok) {
    if (hasToken(text)) return undefined;
    return `the target issued no token: ${answered}, with no access_token: is it a Payments Connect server?`;
  }
  if (response.status === 401 || response.status === 403) {
    return (
      `the target refused the credentials: ${answered}. ` +
      'Check PAYMENTS_CONNECT_CLIENT_ID and PAYMENTS_CONNECT_CLIENT_SECRET (issued per environment).'
    );
  }
  if (response.status === 404 || response.status === 405) {
    const root = serverRoot(target.baseUrl);
    return (
      `no token exchange at the target: ${answered}. PAYMENTS_CONNECT_BASE_URL is the server's root, where ` +
      `${tokenPath} is, without /v1${root === undefined ? '' : ` (try PAYMENTS_CONNECT_BASE_URL=${root})`}.`
    );
  }
  return `the target did not issue a token: ${answered}.`;
}

/**
 * The root a base URL that ends in `/v1` was probably meant to be.
 * @param {string} baseUrl without a trailing slash
 */
function serverRoot(baseUrl) {
  return /\/v1$/i.test(baseUrl) ? baseUrl.slice(0, -'/v1'.length) : undefined;
}

/**
 * ` CODE: message` of an error envelope, or the start of a body that is none, for the message.
 * @param {string} text
 */
function envelopeSummary(text) {
  const body = parseJson(text);
  if (body && typeof body.code === 'string') {
    return ` ${body.code}${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
  }
  const start = text.trim().replace(/\s+/g, ' ').slice(0, 120);
  return start === '' ? ' with no body' : ` (body: ${start}${text.trim().length > 120 ? '…' : ''})`;
}

/** @param {string} text */
function hasToken(text) {
  const body = parseJson(text);
  return typeof body?.access_token === 'string' && body.access_token !== '';
}

/**
 * @param {string} text
 * @returns {any} the JSON value, undefined for a body that is none
 */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

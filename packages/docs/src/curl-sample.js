import { SAMPLE_SERVER_NOTES } from './sample-server-notes.js';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('./sample-inputs.js').SampleInputs} SampleInputs
 */

/** Shell variables the samples expect: the token from the exchange, and the account acted on. */
export const ACCESS_TOKEN_VARIABLE = 'ACCESS_TOKEN';
export const ACCOUNT_ID_VARIABLE = 'ACCOUNT_ID';

/** A JSON body up to this length stays on the command line; a longer one is pretty-printed. */
const INLINE_JSON_MAX_LENGTH = 80;

/** Headers taken from shell variables instead of example values: they differ per reader. */
const VARIABLE_BY_HEADER = /** @type {Record<string, string>} */ ({ AccountId: ACCOUNT_ID_VARIABLE });

const CONTINUATION = ' \\\n  ';

/**
 * The curl sample of one operation, with the spec's example values, opening with the note that its URL is a
 * placeholder. Operations that need the bearer token send `$ACCESS_TOKEN` and point to the token exchange rather than
 * repeat it.
 * @param {ContractOperation} entry The operation.
 * @param {SampleInputs} inputs Its example inputs.
 * @param {ContractOperation | undefined} tokenOperation The token exchange.
 * @returns {string} A shell command.
 */
export function curlSample(entry, inputs, tokenOperation) {
  const comments = [`# ${SAMPLE_SERVER_NOTES.placeholder}`];
  const args = [`curl -X ${entry.method} ${shellQuote(requestUrl(entry.path, inputs))}`];
  if (entry.requiresBearer) {
    if (tokenOperation) {
      const { method, path, operation } = tokenOperation;
      comments.push(`# $${ACCESS_TOKEN_VARIABLE}: the access_token from ${method} ${path} ("${operation.summary}").`);
    }
    args.push(`-H "Authorization: Bearer $${ACCESS_TOKEN_VARIABLE}"`);
  }
  for (const { name, value } of inputs.header) {
    args.push(
      VARIABLE_BY_HEADER[name] ? `-H "${name}: $${VARIABLE_BY_HEADER[name]}"` : shellQuote(`${name}: ${value}`, '-H '),
    );
  }
  if (inputs.body?.kind === 'json') {
    args.push(`-H 'Content-Type: ${inputs.body.mediaType}'`);
    args.push(`--data ${shellQuote(jsonBody(inputs.body.value))}`);
  }
  if (inputs.body?.kind === 'multipart') {
    // -F sets the multipart Content-Type with its boundary; setting it by hand would drop the boundary. A file part
    // names its type (;type=), as the example does: curl guesses one from the extension, or sends none.
    for (const field of inputs.body.fields) {
      const type = field.contentType ? `;type=${field.contentType}` : '';
      args.push(
        `-F ${shellQuote(field.fileName ? `${field.name}=@${field.fileName}${type}` : `${field.name}=${field.value}`)}`,
      );
    }
  }
  return `${[...comments, args.join(CONTINUATION)].join('\n')}\n`;
}

/**
 * The request URL with path parameters filled in and query parameters appended.
 * @param {string} pathTemplate e.g. `/v1/rfi/{rfiId}`.
 * @param {Pick<SampleInputs, 'serverUrl' | 'path' | 'query'>} inputs
 */
export function requestUrl(pathTemplate, inputs) {
  const path = pathTemplate.replace(/\{([^}]+)\}/g, (_placeholder, name) => {
    const parameter = inputs.path.find((candidate) => candidate.name === name);
    if (!parameter) throw new Error(`${pathTemplate}: no example for path parameter ${name}`);
    return encodeURIComponent(String(parameter.value));
  });
  const query = new URLSearchParams(inputs.query.map(({ name, value }) => [name, String(value)])).toString();
  return `${inputs.serverUrl.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** @param {unknown} value */
function jsonBody(value) {
  const compact = JSON.stringify(value);
  return compact.length <= INLINE_JSON_MAX_LENGTH ? compact : JSON.stringify(value, null, 2);
}

/**
 * Single quotes keep the shell from expanding anything inside; a single quote itself is closed,
 * escaped and reopened.
 * @param {unknown} text
 * @param {string} [prefix] Written before the opening quote, e.g. `-H `.
 */
function shellQuote(text, prefix = '') {
  return `${prefix}'${String(text).replaceAll("'", "'\\''")}'`;
}

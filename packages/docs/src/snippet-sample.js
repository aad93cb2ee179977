import { snippetz } from '@scalar/snippetz';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('./sample-inputs.js').SampleInputs} SampleInputs
 * @typedef {import('./sample-languages.js').SampleLanguage} SampleLanguage
 * @typedef {import('./sample-languages.js').SampleVariable} SampleVariable
 */

/**
 * What the library is given for the token and the account: values no example holds, found again in its code and
 * replaced by the variables that hold them.
 */
const MARKS = /** @type {const} */ ({ token: 'PC_SAMPLE_TOKEN_MARK', accountId: 'PC_SAMPLE_ACCOUNT_ID_MARK' });

/** The header whose value is the account: a sample takes it from PAYMENTS_CONNECT_ACCOUNT_ID. */
const ACCOUNT_HEADER = 'AccountId';

/** Characters a double-quoted shell word would expand or end on. */
const SHELL_SPECIAL = /[$`"\\]/;

const library = snippetz();

/**
 * @typedef {object} SampleDefaults The values a sample falls back to when its environment sets none.
 * @property {string} token The token example of the token exchange: a placeholder, which the mock accepts.
 * @property {string} note The comment on the base URL's default.
 */

/**
 * The sample of one operation in a language the snippet library writes: the library's code for the operation's
 * example request, its URL, token and account taken from the environment (`SAMPLE_ENVIRONMENT`), else the sandbox's
 * placeholder URL and the examples, made a program of its own by the language.
 * @param {SampleLanguage} language A language with a `snippet`.
 * @param {ContractOperation} entry The operation.
 * @param {SampleInputs} inputs Its example inputs.
 * @param {SampleDefaults} defaults
 * @returns {string}
 * @throws {Error} when the library writes no code for it, or code the variables cannot be put into.
 */
export function snippetSample(language, entry, inputs, defaults) {
  const { snippet, names, program } = language;
  if (!snippet || !names || !program) throw new Error(`${language.id} samples are not written by the snippet library`);
  const where = `${entry.method} ${entry.path}`;
  /** @type {{ name: string, value: string }[]} */
  const headers = [];
  /** @type {{ variable: SampleVariable, fallback: string }[]} */
  const variables = [{ variable: 'baseUrl', fallback: inputs.serverUrl }];
  if (entry.requiresBearer) {
    headers.push({ name: 'Authorization', value: `Bearer ${MARKS.token}` });
    variables.push({ variable: 'token', fallback: defaults.token });
  }
  for (const { name, value } of inputs.header) {
    if (name !== ACCOUNT_HEADER) headers.push({ name, value: String(value) });
    else {
      headers.push({ name, value: MARKS.accountId });
      variables.push({ variable: 'accountId', fallback: String(value) });
    }
  }
  /** @type {any} */
  let postData;
  if (inputs.body?.kind === 'json') {
    headers.push({ name: 'Content-Type', value: inputs.body.mediaType });
    postData = { mimeType: inputs.body.mediaType, text: JSON.stringify(inputs.body.value) };
  } else if (inputs.body?.kind === 'multipart') {
    // The library writes the boundary itself; a file part is read from the local file of the example's name.
    const params = inputs.body.fields.map(({ name, value, fileName, contentType }) =>
      fileName === undefined ? { name, value } : { name, value, fileName, contentType },
    );
    postData = { mimeType: inputs.body.mediaType, params };
  }
  const request = {
    method: entry.method,
    url: requestUrl(entry.path, { ...inputs, query: [] }),
    headers,
    queryString: inputs.query.map(({ name, value }) => ({ name, value: String(value) })),
    ...(postData ? { postData } : {}),
  };
  const { target, client } = snippet;
  const written = library.print(/** @type {any} */ (target), /** @type {any} */ (client), request);
  if (!written) throw new Error(`${where}: the snippet library wrote no ${language.id} sample`);
  const code =
    language.id === 'curl' ? shellVariables(written, inputs.serverUrl, names) : cVariables(written, inputs, names);
  for (const leftover of [...Object.values(MARKS), inputs.serverUrl]) {
    if (code.includes(leftover)) throw new Error(`${where}: the ${language.id} sample still holds ${leftover}`);
  }
  const name = entry.operationId.charAt(0).toUpperCase() + entry.operationId.slice(1);
  const parts = { name, code: code.trim(), variables, names, note: defaults.note, comment: language.comment };
  return `${program(parts).trimEnd()}\n`;
}

/**
 * A language whose strings are double-quoted and joined with `+` (Python, Go, Java, Kotlin, C#): the URL becomes the
 * base URL's variable joined to the path, the token and the account their variables.
 * @param {string} code
 * @param {SampleInputs} inputs
 * @param {Record<SampleVariable, string>} names
 */
function cVariables(code, inputs, names) {
  return code
    .replaceAll(`"${inputs.serverUrl}`, `${names.baseUrl} + "`)
    .replaceAll(`"Bearer ${MARKS.token}"`, `"Bearer " + ${names.token}`)
    .replaceAll(`"${MARKS.token}"`, names.token)
    .replaceAll(`"${MARKS.accountId}"`, names.accountId);
}

/**
 * curl: the URL opens with the base URL's variable, and the headers name theirs, in double quotes.
 * @param {string} code
 * @param {string} serverUrl
 * @param {Record<SampleVariable, string>} names
 */
function shellVariables(code, serverUrl, names) {
  const url = /^curl (?:'([^']*)'|(\S+))/.exec(code);
  const written = url?.[1] ?? url?.[2];
  if (!url || written === undefined || !written.startsWith(serverUrl)) {
    throw new Error(`the curl sample does not start with its URL: ${code.split('\n')[0]}`);
  }
  const rest = written.slice(serverUrl.length);
  const word = SHELL_SPECIAL.test(rest)
    ? `"${names.baseUrl}"'${rest.replaceAll("'", "'\\''")}'`
    : `"${names.baseUrl}${rest}"`;
  return code
    .replace(url[0], `curl ${word}`)
    .replaceAll(`'Authorization: Bearer ${MARKS.token}'`, `"Authorization: Bearer ${names.token}"`)
    .replaceAll(`'${ACCOUNT_HEADER}: ${MARKS.accountId}'`, `"${ACCOUNT_HEADER}: ${names.accountId}"`);
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

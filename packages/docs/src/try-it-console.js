// The page's "Try it" console. This file runs in the reader's browser: html-page.js inlines it as a module script
// (so it imports nothing), and the tests import its request builder in Node (so nothing runs at load).

/**
 * @typedef {import('./try-it-model.js').TryItModel} TryItModel
 * @typedef {import('./try-it-model.js').TryItOperation} TryItOperation
 */

/**
 * The page may reach only this machine, and the server that serves it (its Content-Security-Policy says the same):
 * a mock in a container, opened by its name, serves the page that calls it.
 */
export const LOCAL_HOSTS = ['127.0.0.1', 'localhost'];

/** Response headers the console leaves out: the local server's CORS plumbing, not part of the API's answer. */
const HIDDEN_HEADERS = /^access-control-/;

/** A token this close to its expiry is exchanged again before a request. */
const TOKEN_MARGIN_MS = 5_000;

/**
 * What the console knows of the server's `Prefer`: it honours some (the mock), it serves this page and honours none
 * (the emulator, which answers from its state), it is being asked, or it could not be asked (nothing answered, or no
 * page there).
 * @typedef {'honoured' | 'ignored' | 'asking' | 'unknown'} PreferState
 */

/** The Prefer field's label, by what the server said of it. */
const PREFER_LABELS = {
  honoured: (/** @type {string} */ names) => `Prefer (this server answers as it asks; it takes ${names})`,
  unknown: 'Prefer (the mock answers as it asks; the emulator ignores it)',
};

/** Said in place of the Prefer field on a server that honours none. */
const PREFER_IGNORED_NOTE =
  'No Prefer field: this server ignores Prefer (the emulator answers from its state: steer it with its control API).';

/**
 * What the reader typed for one request.
 * @typedef {object} TryItValues
 * @property {Record<string, string>} path
 * @property {Record<string, string>} query
 * @property {Record<string, string>} header
 * @property {string} [body] The JSON body as typed.
 * @property {Record<string, string>} [fields] Multipart text parts.
 * @property {Record<string, Blob>} [files] Multipart file parts the reader chose.
 */

/**
 * @typedef {object} TryItSession
 * @property {string} server Base URL of a local server, or of the server that serves the page.
 * @property {string} [pageOrigin] The page's own origin when it was served over HTTP (not opened from a file).
 * @property {string} [token] The bearer token, for operations that require one.
 * @property {string} [accountId]
 * @property {string} [prefer] The `Prefer` header (the mock picks its answer by it).
 */

/**
 * The fetch arguments of one request: the URL from the server, the path template and the query; the bearer token,
 * `AccountId` and header parameters; the body as JSON or multipart form data (a file part the reader did not choose
 * is sent as the example's file: its content, file name and type, as the samples upload it).
 * @param {TryItOperation} operation
 * @param {TryItValues} values
 * @param {TryItSession} session
 * @returns {{ url: string, init: RequestInit }}
 * @throws {Error} saying what to fix: a server elsewhere, a missing required value, a body that is not JSON
 */
export function buildTryItRequest(operation, values, session) {
  const base = localServer(session.server, session.pageOrigin);
  const missing = operation.parameters.filter(
    (parameter) => parameter.required && !values[parameter.in][parameter.name]?.trim(),
  );
  if (missing.length > 0) throw new Error(`Fill in ${missing.map((parameter) => parameter.name).join(', ')}`);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(values.path[name]?.trim() ?? ''));
  const query = new URLSearchParams(Object.entries(values.query).filter(([, value]) => value !== ''));
  const url = `${base}${path}${query.size > 0 ? `?${query}` : ''}`;
  /** @type {Record<string, string>} */
  const headers = {};
  if (operation.requiresBearer) {
    if (!session.token) throw new Error('No token: get one first');
    headers.Authorization = `Bearer ${session.token}`;
  }
  if (operation.sendsAccount) headers.AccountId = session.accountId?.trim() ?? '';
  for (const [name, value] of Object.entries(values.header)) if (value !== '') headers[name] = value;
  if (session.prefer?.trim()) headers.Prefer = session.prefer.trim();
  /** @type {RequestInit} */
  const init = { method: operation.method, headers, credentials: 'omit' };
  const { body } = operation;
  if (body?.kind === 'json') {
    const text = values.body ?? body.text;
    try {
      JSON.parse(text);
    } catch (error) {
      throw new Error(`The body is not JSON: ${/** @type {Error} */ (error).message}`);
    }
    headers['Content-Type'] = body.mediaType;
    init.body = text;
  } else if (body?.kind === 'multipart') {
    const form = new FormData();
    for (const field of body.fields) {
      if (field.fileName) {
        const chosen = values.files?.[field.name];
        const file = chosen ?? new Blob([field.value], { type: field.contentType ?? 'application/octet-stream' });
        form.append(field.name, file, chosen instanceof File ? chosen.name : field.fileName);
      } else {
        form.append(field.name, values.fields?.[field.name] ?? field.value);
      }
    }
    init.body = form; // fetch sets the multipart Content-Type with its boundary
  }
  return { url, init };
}

/**
 * The base URL of a server on this machine, or on the page's own origin, without a trailing slash.
 * @param {string} server
 * @param {string} [pageOrigin] the origin of a page served over HTTP, which it may call whatever its host
 * @throws {Error} for anything else: the page may only talk to this machine and to the server that serves it
 */
export function localServer(server, pageOrigin) {
  let url;
  try {
    url = new URL(server.trim());
  } catch {
    throw new Error(`Not a URL: "${server}"`);
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname);
  if (!local && url.origin !== pageOrigin) {
    throw new Error(
      `This page talks only to a server on this machine (http://${LOCAL_HOSTS.join(' or http://')})` +
        (pageOrigin ? ` or to the one that serves it (${pageOrigin})` : ''),
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * {@link localServer}, or undefined for a server the page may not call.
 * @param {string} server
 * @param {string} [pageOrigin]
 */
function localServerOrNothing(server, pageOrigin) {
  try {
    return localServer(server, pageOrigin);
  } catch {
    return undefined;
  }
}

/**
 * The server that serves the page, when the page is its reference at `docsPath` (a proxy's prefix before it kept):
 * the console sends there first, on the page's own origin, so no CORS step is needed. A page opened from a file, or
 * served anywhere else (`serve-docs`), has none.
 * @param {{ protocol: string, origin: string, pathname: string }} location the page's
 * @param {string} docsPath where the servers serve the page (`/_docs`)
 * @returns {string | undefined}
 */
export function servingServer({ protocol, origin, pathname }, docsPath) {
  if ((protocol !== 'http:' && protocol !== 'https:') || !pathname.endsWith(docsPath)) return undefined;
  return `${origin}${pathname.slice(0, -docsPath.length)}`;
}

/**
 * The response headers the console shows, in the order fetch gives them (by name): `Retry-After`, `WWW-Authenticate`
 * and whatever else the answer carries, but the CORS headers of a cross-origin call. A page on another origin reads
 * them all because the servers expose them (`Access-Control-Expose-Headers: *`).
 * @param {Headers} headers
 * @returns {[string, string][]}
 */
export function shownHeaders(headers) {
  return [...headers].filter(([name]) => !HIDDEN_HEADERS.test(name));
}

/**
 * Builds the console into a `<dialog>` and wires the elements that open it (`[data-try-it-open]`): the operation
 * in the page's address (`#operation/<id>`) is the one it shows first. Served by a server at `model.docsPath`, it
 * sends to that server first; opened from a file, to the mock.
 * @param {object} options
 * @param {HTMLDialogElement} options.dialog
 * @param {TryItModel} options.model
 */
export function startTryItConsole({ dialog, model }) {
  const doc = dialog.ownerDocument;
  const { location } = doc;
  const pageOrigin = location.protocol === 'http:' || location.protocol === 'https:' ? location.origin : undefined;
  const served = servingServer(location, model.docsPath);
  const servers = [...(served ? [{ name: 'This server', url: served }] : []), ...model.servers];
  /** @type {{ value: string, server: string, expiresAt: number } | undefined} */
  let token;

  /**
   * @param {string} tag
   * @param {Record<string, string | boolean>} [attributes]
   * @param {...(Node | string)} children
   */
  function el(tag, attributes = {}, ...children) {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === true) node.setAttribute(name, '');
      else if (value !== false) node.setAttribute(name, value);
    }
    node.append(...children);
    return node;
  }
  /** @param {string} text @param {HTMLElement} control */
  const labelled = (text, control) => el('label', {}, el('span', {}, text), control);
  const input = (/** @type {string} */ id, /** @type {string} */ value, type = 'text') =>
    /** @type {HTMLInputElement} */ (el('input', { id, type, value, autocomplete: 'off', spellcheck: 'false' }));

  const server = input('try-it-server', servers[0]?.url ?? '', 'url');
  server.setAttribute('list', 'try-it-servers');
  const serverList = el(
    'datalist',
    { id: 'try-it-servers' },
    ...servers.map(({ name, url }) => el('option', { value: url, label: name })),
  );
  const clientId = input('try-it-client-id', model.credentials.clientId);
  // A secret is masked like any password field (a screen share, a screenshot); the reader may show it.
  const clientSecret = input('try-it-client-secret', model.credentials.clientSecret, 'password');
  const showSecret = el(
    'button',
    { type: 'button', id: 'try-it-show-secret', 'aria-pressed': 'false', 'aria-controls': 'try-it-client-secret' },
    'Show',
  );
  const accountId = input('try-it-account-id', model.accountId);
  const prefer = input('try-it-prefer', '');
  prefer.placeholder = 'code=404';
  const preferLabel = el('span', {}, PREFER_LABELS.unknown);
  const preferField = el('label', { id: 'try-it-prefer-field' }, preferLabel, prefer);
  const preferNote = el('p', { id: 'try-it-prefer-note', hidden: true }, PREFER_IGNORED_NOTE);
  const tokenStatus = el('p', { id: 'try-it-token-status', role: 'status' }, 'No token yet.');
  const tokenButton = el('button', { type: 'button', id: 'try-it-get-token' }, 'Get token');
  const operationSelect = /** @type {HTMLSelectElement} */ (
    el(
      'select',
      { id: 'try-it-operation' },
      ...model.operations.map((operation) =>
        el('option', { value: operation.operationId }, `${operation.method} ${operation.path}: ${operation.summary}`),
      ),
    )
  );
  const requestFields = el('div', { class: 'pc-try-it-fields' });
  const responseTitle = el('h3', { id: 'try-it-response-title' }, 'Response');
  const responseStatus = el('p', { id: 'try-it-response-status' });
  const responseHeaders = el('dl', { id: 'try-it-response-headers', class: 'pc-try-it-headers' });
  const responseBody = el('pre', { id: 'try-it-response-body', tabindex: '0' });
  const close = el('button', { type: 'button', class: 'pc-try-it-close', 'aria-label': 'Close' }, '×');
  const where = model.servers.map(({ name, url, command }) => `the ${name.toLowerCase()} (${command}) at ${url}`);
  const form = el(
    'form',
    {},
    el('div', { class: 'pc-try-it-head' }, el('h2', { id: 'try-it-title' }, 'Try it on this machine'), close),
    el(
      'p',
      {},
      served
        ? `Sends requests to the server that serves this page, ${served}, or another on this machine: `
        : 'Sends requests to a server on this machine, and nowhere else: ',
      where.join(' or '),
      '.',
    ),
    el(
      'fieldset',
      {},
      el('legend', {}, 'Server and credentials'),
      labelled('Server', server),
      serverList,
      labelled('Client id', clientId),
      el('div', { class: 'pc-try-it-secret' }, labelled('Client secret', clientSecret), showSecret),
      labelled('AccountId', accountId),
      el('div', { class: 'pc-try-it-row' }, tokenButton, tokenStatus),
    ),
    el(
      'fieldset',
      {},
      el('legend', {}, 'Request'),
      labelled('Operation', operationSelect),
      requestFields,
      preferField,
      preferNote,
      el('button', { type: 'submit', id: 'try-it-send' }, 'Send'),
    ),
    el(
      'section',
      { 'aria-labelledby': 'try-it-response-title' },
      responseTitle,
      el('output', { for: 'try-it-send', 'aria-live': 'polite' }, responseStatus, responseHeaders, responseBody),
    ),
  );
  dialog.replaceChildren(form);
  dialog.setAttribute('aria-labelledby', 'try-it-title');

  const current = () =>
    model.operations.find(({ operationId }) => operationId === operationSelect.value) ?? model.operations[0];

  /** The token exchange's body: the credentials of the fields above, the secret never shown in clear. */
  const credentialsBody = () =>
    JSON.stringify({
      [model.token.fields.clientId]: clientId.value,
      [model.token.fields.clientSecret]: clientSecret.value,
    });

  /** Fields of the selected operation: its parameters, then its body. */
  function showOperation() {
    const operation = current();
    if (!operation) return;
    const fields = operation.parameters.map((parameter) => {
      const field = input(`try-it-${parameter.in}-${parameter.name}`, parameter.value);
      field.dataset.in = parameter.in;
      field.dataset.name = parameter.name;
      field.required = parameter.required;
      return labelled(`${parameter.name} (${parameter.in}${parameter.required ? ', required' : ''})`, field);
    });
    const { body } = operation;
    if (body?.kind === 'json' && operation.isTokenExchange) {
      fields.push(
        el(
          'p',
          { id: 'try-it-token-body' },
          `Body (${body.mediaType}): ${model.token.fields.clientId} and ${model.token.fields.clientSecret} ` +
            'from the fields above.',
        ),
      );
    } else if (body?.kind === 'json') {
      const area = el('textarea', { id: 'try-it-body', rows: String(Math.min(12, body.text.split('\n').length + 1)) });
      area.textContent = body.text;
      fields.push(labelled(`Body (${body.mediaType})`, area));
    } else if (body?.kind === 'multipart') {
      for (const part of body.fields) {
        const field = part.fileName
          ? /** @type {HTMLInputElement} */ (el('input', { id: `try-it-part-${part.name}`, type: 'file' }))
          : input(`try-it-part-${part.name}`, part.value);
        field.dataset.part = part.name;
        const hint = part.fileName ? ` (file; none chosen sends the example's ${part.fileName})` : '';
        fields.push(labelled(`${part.name}${hint}`, field));
      }
    }
    requestFields.replaceChildren(...fields);
  }

  /** @returns {TryItValues} */
  function readValues() {
    /** @type {TryItValues} */
    const values = { path: {}, query: {}, header: {}, fields: {}, files: {} };
    for (const field of requestFields.querySelectorAll('input')) {
      const { dataset } = field;
      if (dataset.in === 'path' || dataset.in === 'query' || dataset.in === 'header') {
        values[dataset.in][dataset.name ?? ''] = field.value;
      } else if (dataset.part && field.type === 'file') {
        const file = field.files?.[0];
        if (file && values.files) values.files[dataset.part] = file;
      } else if (dataset.part && values.fields) {
        values.fields[dataset.part] = field.value;
      }
    }
    const area = requestFields.querySelector('textarea');
    if (area) values.body = area.value;
    if (current()?.isTokenExchange) values.body = credentialsBody();
    return values;
  }

  /**
   * @param {string} status
   * @param {string} [body]
   * @param {[string, string][]} [headers]
   */
  function showResponse(status, body = '', headers = []) {
    responseStatus.textContent = status;
    responseHeaders.replaceChildren(...headers.flatMap(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]));
    responseBody.textContent = body;
    if (status !== '') revealResponse();
  }

  /**
   * Scrolls the console to the response, which starts below the request's fields, out of sight on most screens. The
   * dialog scrolls, not the page behind it.
   */
  function revealResponse() {
    const offset = responseTitle.getBoundingClientRect().top - dialog.getBoundingClientRect().top;
    dialog.scrollTop += offset;
  }

  /** @type {{ server: string, state: PreferState } | undefined} what the server in the field said of Prefer */
  let preferAnswer;

  /**
   * Offers the Prefer field as the server honours it: with what it honours, hidden (and not sent) where it honours
   * none, with a word of caution where it could not be asked. The state is on the dialog (`data-prefer`) too.
   * @param {PreferState} state
   * @param {string} [honoured] what the server says it honours (`code, example, dynamic, seed`)
   */
  function offerPrefer(state, honoured = '') {
    dialog.dataset.prefer = state;
    preferField.hidden = state === 'ignored';
    preferNote.hidden = state !== 'ignored';
    preferLabel.textContent = state === 'honoured' ? PREFER_LABELS.honoured(honoured) : PREFER_LABELS.unknown;
  }

  /**
   * Asks the server in the field which `Prefer` preferences it honours (its `/_docs` page's answer says so), unless
   * it was asked already: a server that serves the page and names none ignores Prefer (the emulator); one that cannot
   * be asked may be a mock, so the field stays, with a word of caution.
   */
  async function askAboutPrefer() {
    const base = localServerOrNothing(server.value, pageOrigin);
    if (base === undefined) {
      preferAnswer = undefined;
      offerPrefer('unknown');
      return;
    }
    if (preferAnswer?.server === base) return;
    dialog.dataset.prefer = 'asking';
    /** @type {PreferState} */
    let state = 'unknown';
    let honoured = '';
    try {
      const response = await fetch(`${base}${model.docsPath}`, {
        method: 'HEAD',
        credentials: 'omit',
        cache: 'no-store',
      });
      honoured = response.headers.get(model.preferencesHeader) ?? '';
      if (response.ok) state = honoured === '' ? 'ignored' : 'honoured';
    } catch {
      // Nothing answered: said when a request is sent.
    }
    // A server typed meanwhile is asked on its own.
    if (localServerOrNothing(server.value, pageOrigin) !== base) return;
    preferAnswer = { server: base, state };
    offerPrefer(state, honoured);
  }

  /**
   * The answer's body, pretty-printed when it is JSON.
   * @param {Response} response
   * @returns {Promise<{ text: string, json: unknown }>}
   */
  async function readBody(response) {
    const text = await response.text();
    try {
      const json = JSON.parse(text);
      return { text: JSON.stringify(json, null, 2), json };
    } catch {
      return { text, json: undefined };
    }
  }

  /** @param {string} base @param {unknown} body */
  function keepToken(base, body) {
    const fields = /** @type {Record<string, unknown>} */ (body && typeof body === 'object' ? body : {});
    const value = fields[model.token.fields.accessToken];
    if (typeof value !== 'string') return false;
    const expiresIn = fields[model.token.fields.expiresIn];
    const lifetime = typeof expiresIn === 'number' ? expiresIn : 0;
    token = { value, server: base, expiresAt: Date.now() + lifetime * 1000 };
    tokenStatus.textContent = `Token from ${base}, valid ${lifetime} s.`;
    return true;
  }

  /** A token for the server in the field: the one kept, or a new one from the token exchange. */
  async function ensureToken() {
    const base = localServer(server.value, pageOrigin);
    if (token && token.server === base && Date.now() < token.expiresAt - TOKEN_MARGIN_MS) return token.value;
    tokenStatus.textContent = `Getting a token from ${base}…`;
    let response;
    const started = performance.now();
    try {
      response = await fetch(`${base}${model.token.path}`, {
        method: model.token.method,
        headers: { 'Content-Type': 'application/json' },
        credentials: 'omit',
        body: credentialsBody(),
      });
    } catch (error) {
      // The status says what happened to the token; the response area says what to start.
      tokenStatus.textContent = `No token: nothing answered at ${base}.`;
      throw error;
    }
    const { text, json } = await readBody(response);
    if (!response.ok || !keepToken(base, json)) {
      tokenStatus.textContent = `No token: the token exchange answered ${response.status}.`;
      const took = Math.round(performance.now() - started);
      const exchange = `${model.token.method} ${base}${model.token.path}`;
      const line = `${exchange}\n${response.status} ${response.statusText} in ${took} ms`;
      showResponse(`No token: ${line}`, text, shownHeaders(response.headers));
      return undefined;
    }
    return token?.value;
  }

  /** @param {unknown} error */
  function reportFailure(error) {
    const message = error instanceof Error ? error.message : String(error);
    // fetch says only "Failed to fetch" when nothing listens: say what to start, as a consumer of the packages does.
    const [mock, emulator] = model.servers;
    const hint =
      error instanceof TypeError
        ? `\nNothing answered at ${server.value}. Start the mock (${mock?.command}, at ${mock?.url}) or the ` +
          `emulator (${emulator?.command}, at ${emulator?.url}) where its package is installed; each serves this ` +
          `page too, at ${model.docsPath}.`
        : '';
    showResponse('Not sent', `${message}${hint}`);
  }

  async function send() {
    const operation = current();
    if (!operation) return;
    showResponse('Sending…');
    try {
      await askAboutPrefer();
      const bearer = operation.requiresBearer ? await ensureToken() : undefined;
      // The token exchange refused: its answer is shown, and the operation is not sent without a token.
      if (operation.requiresBearer && bearer === undefined) return;
      const session = {
        server: server.value,
        pageOrigin,
        token: bearer,
        accountId: accountId.value,
        prefer: preferField.hidden ? '' : prefer.value,
      };
      const { url, init } = buildTryItRequest(operation, readValues(), session);
      const started = performance.now();
      const response = await fetch(url, init);
      const { text, json } = await readBody(response);
      const took = Math.round(performance.now() - started);
      const base = localServer(server.value, pageOrigin);
      if (operation.isTokenExchange && response.ok) keepToken(base, json);
      if (operation.requiresBearer && response.status === 401 && token?.server === base) {
        // The server no longer takes the token (it expired there, or the server restarted): the next send gets one.
        token = undefined;
        tokenStatus.textContent = `The token was refused (401): the next request gets a new one.`;
      }
      const line = `${operation.method} ${url}\n${response.status} ${response.statusText} in ${took} ms`;
      showResponse(line, text, shownHeaders(response.headers));
    } catch (error) {
      reportFailure(error);
    }
  }

  /** Opens the console on the operation the page's address names, if any. */
  function open() {
    const named = /operation\/([\w.-]+)/.exec(decodeURIComponent(location.hash))?.[1];
    if (named && model.operations.some(({ operationId }) => operationId === named)) {
      operationSelect.value = named;
      showOperation();
    }
    if (!dialog.open) dialog.showModal();
    void askAboutPrefer();
  }

  operationSelect.addEventListener('change', showOperation);
  server.addEventListener('change', () => void askAboutPrefer());
  showSecret.addEventListener('click', () => {
    const shown = clientSecret.type === 'password';
    clientSecret.type = shown ? 'text' : 'password';
    showSecret.setAttribute('aria-pressed', String(shown));
    showSecret.textContent = shown ? 'Hide' : 'Show';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  tokenButton.addEventListener('click', () => {
    token = undefined;
    showResponse('');
    ensureToken().catch(reportFailure);
  });
  close.addEventListener('click', () => dialog.close());
  doc.addEventListener('click', (event) => {
    const target = /** @type {Element | null} */ (event.target);
    if (target?.closest?.('[data-try-it-open]')) open();
  });
  showOperation();
}

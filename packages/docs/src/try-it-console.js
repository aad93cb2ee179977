// The page's "Try it" console. It runs in the reader's browser: build-reference.js inlines its modules (the requests,
// try-it-request.js; the form, try-it-form.js; this one, which wires them) as one module script, their imports taken
// out, so that the page stays one self-contained file; the tests import them in Node (nothing runs at load).
import { buildTryItForm, PREFER_LABELS } from './try-it-form.js';
import { buildTryItRequest, localServer, localServerOrNothing, servingServer, shownHeaders } from './try-it-request.js';

/**
 * @typedef {import('./try-it-model.js').TryItModel} TryItModel
 * @typedef {import('./try-it-request.js').TryItValues} TryItValues
 * @typedef {import('./try-it-form.js').PreferState} PreferState
 */

/** A token this close to its expiry is exchanged again before a request. */
const TOKEN_MARGIN_MS = 5_000;

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
  const parts = buildTryItForm({ dialog, model, served, servers });
  const { form, el, server, clientId, clientSecret, showSecret, accountId, prefer, preferLabel } = parts;
  const { preferField, preferNote, tokenStatus, tokenButton, operationSelect, requestFields, responseTitle } = parts;
  const { responseStatus, responseHeaders, responseBody, close } = parts;

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
    if (operation) requestFields.replaceChildren(...parts.operationFields(operation));
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

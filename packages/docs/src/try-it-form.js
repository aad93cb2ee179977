// The "Try it" console's form: its elements, built once into the dialog, and the fields of an operation. One of the
// console's browser modules (see try-it-console.js): nothing runs at load.

/**
 * @typedef {import('./try-it-model.js').TryItModel} TryItModel
 * @typedef {import('./try-it-model.js').TryItOperation} TryItOperation
 */

/**
 * What the console knows of the server's `Prefer`: it honours some (the mock), it serves this page and honours none
 * (the emulator, which answers from its state), it is being asked, or it could not be asked (nothing answered, or no
 * page there).
 * @typedef {'honoured' | 'ignored' | 'asking' | 'unknown'} PreferState
 */

/** The Prefer field's label, by what the server said of it. */
export const PREFER_LABELS = {
  honoured: (/** @type {string} */ names) => `Prefer (this server answers as it asks; it takes ${names})`,
  unknown: 'Prefer (the mock answers as it asks; the emulator ignores it)',
};

/** Said in place of the Prefer field on a server that honours none. */
const PREFER_IGNORED_NOTE =
  'No Prefer field: this server ignores Prefer (the emulator answers from its state: steer it with its control API).';

/**
 * Builds the console's form into its dialog (the server and credentials, the operation and its fields, the response),
 * and hands back its elements for the console to wire.
 * @param {object} options
 * @param {HTMLDialogElement} options.dialog
 * @param {TryItModel} options.model
 * @param {string | undefined} options.served the server that serves the page, if one does
 * @param {{ name: string, url: string }[]} options.servers the servers offered, that one first
 */
export function buildTryItForm({ dialog, model, served, servers }) {
  const doc = dialog.ownerDocument;

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

  /**
   * The fields of an operation: its parameters, then its body.
   * @param {TryItOperation} operation
   */
  function operationFields(operation) {
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
    return fields;
  }

  return {
    ...{ form, el, server, clientId, clientSecret, showSecret, accountId, prefer, preferLabel, preferField },
    ...{ preferNote, tokenStatus, tokenButton, operationSelect, requestFields, responseTitle, responseStatus },
    ...{ responseHeaders, responseBody, close, operationFields },
  };
}

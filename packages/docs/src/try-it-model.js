import { COMMAND_PORTS, DEFAULT_HOST, DOCS_PATH, PREFERENCES_HONOURED_HEADER } from '@payments-connect/contract/server';
import { sampleInputs } from './sample-inputs.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 */

/** The header the console fills from its own field: one account for every request. */
export const ACCOUNT_HEADER = 'AccountId';

/** The token exchange's fields, as section 5 of the interface document names them. */
export const TOKEN_FIELDS = {
  clientId: 'clientId',
  clientSecret: 'clientSecret',
  accessToken: 'access_token',
  expiresIn: 'expires_in',
};

/**
 * The local servers, as a consumer of the packages runs them: the package to install and the command it brings, at
 * its default port. The bin names are the servers' own (their tests hold the page to them); the docs cannot import
 * the servers, which depend on this package to serve the page.
 */
export const LOCAL_SERVERS = [
  { name: 'Mock', packageName: '@payments-connect/mock', bin: 'payments-connect-mock', port: COMMAND_PORTS.mock },
  {
    name: 'Emulator',
    packageName: '@payments-connect/emulator',
    bin: 'payments-connect-emulator',
    port: COMMAND_PORTS.emulator,
  },
];

/**
 * @typedef {object} TryItServer
 * @property {string} name What it is ("Mock", "Emulator").
 * @property {string} url Its base URL on this machine.
 * @property {string} packageName The package that brings it (`@payments-connect/mock`).
 * @property {string} command How to start it where the package is installed (`npx payments-connect-mock`).
 */

/**
 * @typedef {object} TryItParameter
 * @property {string} name
 * @property {'path' | 'query' | 'header'} in
 * @property {boolean} required
 * @property {string} value The example value, as the field shows it ('' without one).
 */

/**
 * A part of a multipart body: a text field, or a file part (`fileName`) whose `value` is the example file's content.
 * @typedef {{ name: string, value: string, fileName?: string, contentType?: string }} TryItField
 */

/**
 * @typedef {{ kind: 'json', mediaType: string, text: string }
 *   | { kind: 'multipart', mediaType: string, fields: TryItField[] }
 * } TryItBody
 */

/**
 * @typedef {object} TryItOperation
 * @property {string} operationId
 * @property {string} summary
 * @property {string} method Upper case.
 * @property {string} path The path template.
 * @property {boolean} requiresBearer
 * @property {boolean} sendsAccount Takes the `AccountId` header.
 * @property {boolean} isTokenExchange
 * @property {TryItParameter[]} parameters Every path, query and header parameter but `AccountId`.
 * @property {TryItBody | undefined} body The request body, prefilled with its first named example.
 */

/**
 * @typedef {object} TryItModel
 * @property {TryItServer[]} servers The local servers, the default first (of a page opened from a file).
 * @property {string} docsPath Where the servers serve this page: opened there, the console sends to that server.
 * @property {string} preferencesHeader The header of that page's answer naming the `Prefer` preferences the server
 *   honours: the console offers a `Prefer` field as it says.
 * @property {{ clientId: string, clientSecret: string }} credentials What the console sends to the token exchange.
 * @property {string} accountId The `AccountId` it sends (the parameter's example; the emulator's seed account).
 * @property {{ method: string, path: string, fields: typeof TOKEN_FIELDS }} token The token exchange.
 * @property {TryItOperation[]} operations Every operation, in spec order.
 */

/**
 * What the page's "Try it" console needs, read from the spec through the contract model: the operations with their
 * example values (the same the code samples use), the token exchange, and the local servers to call (the server
 * that serves the page at `docsPath`, else the mock, the default, or the emulator), with the credentials of the
 * token exchange's example: those the emulator accepts unless told otherwise (the mock accepts any).
 * @param {Contract} contract
 * @returns {TryItModel}
 */
export function tryItModel(contract) {
  const token = contract.tokenOperation;
  if (!token) throw new Error('The console needs the token exchange: no single operation has security: []');
  const account = contract.operations
    .flatMap(({ parameters }) => parameters)
    .find((parameter) => parameter.in === 'header' && parameter.name === ACCOUNT_HEADER);
  if (typeof account?.example !== 'string') throw new Error(`The ${ACCOUNT_HEADER} header has no example`);
  const body = sampleInputs(contract, token).body;
  const credentials = /** @type {any} */ (body?.kind === 'json' ? body.value : undefined);
  if (typeof credentials?.clientId !== 'string' || typeof credentials?.clientSecret !== 'string')
    throw new Error('The console needs the token exchange example: its body names no clientId and clientSecret');
  return {
    servers: LOCAL_SERVERS.map(({ name, packageName, bin, port }) => ({
      name,
      url: `http://${DEFAULT_HOST}:${port}`,
      packageName,
      command: `npx ${bin}`,
    })),
    docsPath: DOCS_PATH,
    preferencesHeader: PREFERENCES_HONOURED_HEADER,
    credentials: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    accountId: account.example,
    token: { method: token.method, path: token.path, fields: TOKEN_FIELDS },
    operations: contract.operations.map((entry) => consoleOperation(contract, entry, entry === token)),
  };
}

/**
 * @param {Contract} contract
 * @param {ContractOperation} entry
 * @param {boolean} isTokenExchange
 * @returns {TryItOperation}
 */
function consoleOperation(contract, entry, isTokenExchange) {
  const inputs = sampleInputs(contract, entry);
  /** @param {'path' | 'query' | 'header'} location @param {string} name */
  const example = (location, name) => inputs[location].find((input) => input.name === name)?.value;
  const parameters = entry.parameters
    .filter(
      (parameter) => parameter.in !== 'cookie' && !(parameter.in === 'header' && parameter.name === ACCOUNT_HEADER),
    )
    .map((parameter) => {
      const location = /** @type {'path' | 'query' | 'header'} */ (parameter.in);
      const value = example(location, parameter.name);
      return { name: parameter.name, in: location, required: parameter.required, value: asText(value) };
    });
  return {
    operationId: entry.operationId,
    summary: entry.operation.summary ?? entry.operationId,
    method: entry.method,
    path: entry.path,
    requiresBearer: entry.requiresBearer,
    sendsAccount: entry.parameters.some((parameter) => parameter.in === 'header' && parameter.name === ACCOUNT_HEADER),
    isTokenExchange,
    parameters,
    body: consoleBody(inputs.body),
  };
}

/**
 * @param {import('./sample-inputs.js').SampleBody | undefined} body
 * @returns {TryItBody | undefined}
 */
function consoleBody(body) {
  if (!body) return undefined;
  if (body.kind === 'json')
    return { kind: 'json', mediaType: body.mediaType, text: JSON.stringify(body.value, null, 2) };
  return {
    kind: 'multipart',
    mediaType: body.mediaType,
    fields: body.fields.map(({ name, value, fileName, contentType }) =>
      fileName ? { name, value, fileName, ...(contentType ? { contentType } : {}) } : { name, value },
    ),
  };
}

/** @param {unknown} value An example value, as a form field holds it. */
function asText(value) {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

import { SAMPLE_SERVER_NOTES } from './sample-server-notes.js';
import { propertyKey, toTypeScriptLiteral } from './typescript-literal.js';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('./sample-inputs.js').NamedValue} NamedValue
 * @typedef {import('./sample-inputs.js').SampleInputs} SampleInputs
 */

/** The package and factory every TypeScript sample uses. */
export const CLIENT_PACKAGE = '@payments-connect/client';
const CLIENT_FACTORY = 'createPaymentsConnectClient';

/** The environment samples target; see SAMPLE_ENVIRONMENT in sample-inputs.js. */
const SAMPLE_ENVIRONMENT = 'sandbox';

/** Environment variables holding the credentials: the secret never appears in code. */
export const CLIENT_ID_VARIABLE = 'PAYMENTS_CONNECT_CLIENT_ID';
export const CLIENT_SECRET_VARIABLE = 'PAYMENTS_CONNECT_CLIENT_SECRET';

/** Headers the client sets from its options rather than per call, by header name. */
const CLIENT_OPTION_BY_HEADER = /** @type {Record<string, string>} */ ({ AccountId: 'accountId' });

const INDENT = '  ';

/** Longest line a sample keeps on one line, as the house formatter would (printWidth). */
const MAX_LINE_LENGTH = 100;

/**
 * The variable holding a file part: `logoFile` for part `logo`, never shadowing a global like `document`.
 * @param {string} partName
 */
const fileVariable = (partName) => `${partName}File`;

/**
 * The TypeScript sample of one operation: create the client, then call the operation with the
 * spec's example parameters and body. The client gets the sample's server as `baseUrl`, with a note that it is a
 * placeholder: without it, a copy would call the spec's placeholder host of its environment and say nothing. The
 * token exchange has no call of its own: the client performs it, so its sample says so instead.
 * @param {ContractOperation} entry The operation.
 * @param {SampleInputs} inputs Its example inputs.
 * @returns {string} A complete ES module.
 */
export function typeScriptSample(entry, inputs) {
  const imports = [];
  const setup = [];
  /** @type {Record<string, unknown>} */
  const clientOptions = {};
  for (const { name, value } of inputs.header) {
    if (CLIENT_OPTION_BY_HEADER[name]) clientOptions[CLIENT_OPTION_BY_HEADER[name]] = value;
  }
  const fileFields = inputs.body?.kind === 'multipart' ? inputs.body.fields.filter((field) => field.fileName) : [];
  if (fileFields.length > 0) {
    imports.push("import { readFile } from 'node:fs/promises';");
    for (const field of fileFields) setup.push(fileDeclaration(field));
  }
  imports.push(`import { ${CLIENT_FACTORY} } from '${CLIENT_PACKAGE}';`);

  const sections = [imports.join('\n'), clientCreation(inputs.serverUrl, clientOptions)];
  if (!entry.requiresBearer) {
    sections.push(
      `// The client calls ${entry.method} ${entry.path} itself with clientId and clientSecret,\n` +
        '// sends the token on every request and fetches a new one when it expires.',
    );
    return `${sections.join('\n\n')}\n`;
  }
  if (setup.length > 0) sections.push(setup.join('\n'));
  sections.push(operationCall(entry, inputs));
  return `${sections.join('\n\n')}\n`;
}

/**
 * The File a file part uploads: the local file of the example's name, sent under that name and with its type, as the
 * contract model sends the example (a bare Blob would reach the server as "blob", of no type).
 * @param {import('./sample-inputs.js').MultipartField} field A file part.
 */
function fileDeclaration(field) {
  const fileName = toTypeScriptLiteral(field.fileName);
  const options = field.contentType ? `{ type: ${toTypeScriptLiteral(field.contentType)} }` : '{}';
  const start = `const ${fileVariable(field.name)} = new File([await readFile(${fileName})], ${fileName}, `;
  const oneLine = `${start}${options});`;
  if (fitsOnOneLine(oneLine, 0) || !field.contentType) return oneLine;
  return `${start}{\n${INDENT}type: ${toTypeScriptLiteral(field.contentType)},\n});`;
}

/**
 * @param {string} serverUrl The server the sample calls.
 * @param {Record<string, unknown>} extraOptions Client options beside the environment, server and credentials.
 */
function clientCreation(serverUrl, extraOptions) {
  const lines = [
    `environment: '${SAMPLE_ENVIRONMENT}',`,
    `// ${SAMPLE_SERVER_NOTES.placeholder}`,
    `baseUrl: ${toTypeScriptLiteral(serverUrl)},`,
    `clientId: process.env.${CLIENT_ID_VARIABLE}!,`,
    `clientSecret: process.env.${CLIENT_SECRET_VARIABLE}!,`,
    ...Object.entries(extraOptions).map(([key, value]) => `${propertyKey(key)}: ${toTypeScriptLiteral(value, 1)},`),
  ];
  return `const client = ${CLIENT_FACTORY}({\n${lines.map((line) => INDENT + line).join('\n')}\n});`;
}

/**
 * @param {ContractOperation} entry
 * @param {SampleInputs} inputs
 */
function operationCall(entry, inputs) {
  const init = [];
  const params = [];
  for (const location of /** @type {const} */ (['path', 'query'])) {
    if (inputs[location].length === 0) continue;
    params.push(`${location}: ${objectLiteral(inputs[location], 2)}`);
  }
  const headers = inputs.header.filter(({ name }) => !CLIENT_OPTION_BY_HEADER[name]);
  if (headers.length > 0) params.push(`header: ${objectLiteral(headers, 2)}`);
  const oneLineParams = `params: { ${params.join(', ')} }`;
  if (params.length > 0 && fitsOnOneLine(oneLineParams, 1)) init.push(oneLineParams);
  else if (params.length > 0)
    init.push(`params: {\n${params.map((line) => `${INDENT.repeat(2)}${line},`).join('\n')}\n${INDENT}}`);
  if (inputs.body?.kind === 'json') init.push(`body: ${toTypeScriptLiteral(inputs.body.value, 1)}`);
  if (inputs.body?.kind === 'multipart') {
    const fields = inputs.body.fields.map(
      (field) =>
        `${propertyKey(field.name)}: ${field.fileName ? fileVariable(field.name) : toTypeScriptLiteral(field.value)}`,
    );
    init.push(`body: { ${fields.join(', ')} }`);
  }
  const call = `client.${entry.method}('${entry.path}'`;
  if (init.length === 0) return `const { data, error } = await ${call});`;
  return `const { data, error } = await ${call}, {\n${init.map((line) => `${INDENT}${line},`).join('\n')}\n});`;
}

/**
 * Parameters are short ({ rfiId: '...' }): one line reads best when it fits.
 * @param {NamedValue[]} namedValues
 * @param {number} depth Indentation depth of the line the literal starts on.
 */
function objectLiteral(namedValues, depth) {
  const properties = namedValues.map(({ name, value }) => `${propertyKey(name)}: ${toTypeScriptLiteral(value)}`);
  const oneLine = `{ ${properties.join(', ')} }`;
  if (fitsOnOneLine(oneLine, depth + 1)) return oneLine;
  return toTypeScriptLiteral(Object.fromEntries(namedValues.map(({ name, value }) => [name, value])), depth);
}

/**
 * @param {string} text
 * @param {number} depth Indentation depth of its line.
 */
function fitsOnOneLine(text, depth) {
  return !text.includes('\n') && INDENT.length * depth + text.length <= MAX_LINE_LENGTH;
}

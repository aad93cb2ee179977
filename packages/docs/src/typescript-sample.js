import { requiresBearerToken } from './operations.js';
import { propertyKey, toTypeScriptLiteral } from './typescript-literal.js';

/** The package and factory every TypeScript sample uses. */
export const CLIENT_PACKAGE = '@payments-connect/client';
const CLIENT_FACTORY = 'createPaymentsConnectClient';

/** The environment samples target; see SAMPLE_SERVER_PATTERN in sample-inputs.js. */
const SAMPLE_ENVIRONMENT = 'sandbox';

/** Environment variables holding the credentials: the secret never appears in code. */
export const CLIENT_ID_VARIABLE = 'PAYMENTS_CONNECT_CLIENT_ID';
export const CLIENT_SECRET_VARIABLE = 'PAYMENTS_CONNECT_CLIENT_SECRET';

/** Headers the client sets from its options rather than per call, by header name. */
const CLIENT_OPTION_BY_HEADER = { AccountId: 'accountId' };

const INDENT = '  ';

/** Longest line a sample keeps on one line, as the house formatter would (printWidth). */
const MAX_LINE_LENGTH = 100;

/** The variable holding a file part: `logoFile` for part `logo`, never shadowing a global like `document`. */
const fileVariable = (partName) => `${partName}File`;

/**
 * The TypeScript sample of one operation: create the client, then call the operation with the
 * spec's example parameters and body. The token exchange has no call of its own: the client performs
 * it, so its sample says so instead.
 * @param {object} spec The bundled OpenAPI document.
 * @param {import('./operations.js').SpecOperation} entry The operation.
 * @param {import('./sample-inputs.js').SampleInputs} inputs Its example inputs.
 * @returns {string} A complete ES module.
 */
export function typeScriptSample(spec, entry, inputs) {
  const imports = [];
  const setup = [];
  const clientOptions = {};
  for (const { name, value } of inputs.header) {
    if (CLIENT_OPTION_BY_HEADER[name]) clientOptions[CLIENT_OPTION_BY_HEADER[name]] = value;
  }
  const fileFields = inputs.body?.kind === 'multipart' ? inputs.body.fields.filter((field) => field.fileName) : [];
  if (fileFields.length > 0) {
    imports.push("import { readFile } from 'node:fs/promises';");
    for (const field of fileFields) {
      setup.push(
        `const ${fileVariable(field.name)} = new Blob([await readFile(${toTypeScriptLiteral(field.fileName)})]);`,
      );
    }
  }
  imports.push(`import { ${CLIENT_FACTORY} } from '${CLIENT_PACKAGE}';`);

  const sections = [imports.join('\n'), clientCreation(clientOptions)];
  if (!requiresBearerToken(spec, entry.operation)) {
    sections.push(
      `// The client calls ${entry.method.toUpperCase()} ${entry.path} itself with clientId and clientSecret,\n` +
        '// sends the token on every request and fetches a new one when it expires.',
    );
    return `${sections.join('\n\n')}\n`;
  }
  if (setup.length > 0) sections.push(setup.join('\n'));
  sections.push(operationCall(entry, inputs));
  return `${sections.join('\n\n')}\n`;
}

function clientCreation(extraOptions) {
  const lines = [
    `environment: '${SAMPLE_ENVIRONMENT}',`,
    `clientId: process.env.${CLIENT_ID_VARIABLE}!,`,
    `clientSecret: process.env.${CLIENT_SECRET_VARIABLE}!,`,
    ...Object.entries(extraOptions).map(([key, value]) => `${propertyKey(key)}: ${toTypeScriptLiteral(value, 1)},`),
  ];
  return `const client = ${CLIENT_FACTORY}({\n${lines.map((line) => INDENT + line).join('\n')}\n});`;
}

function operationCall(entry, inputs) {
  const init = [];
  const params = [];
  for (const location of ['path', 'query']) {
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
  const call = `client.${entry.method.toUpperCase()}('${entry.path}'`;
  if (init.length === 0) return `const { data, error } = await ${call});`;
  return `const { data, error } = await ${call}, {\n${init.map((line) => `${INDENT}${line},`).join('\n')}\n});`;
}

// Parameters are short ({ rfiId: '...' }): one line reads best when it fits.
function objectLiteral(namedValues, depth) {
  const oneLine = `{ ${namedValues.map(({ name, value }) => `${propertyKey(name)}: ${toTypeScriptLiteral(value)}`).join(', ')} }`;
  if (fitsOnOneLine(oneLine, depth + 1)) return oneLine;
  return toTypeScriptLiteral(Object.fromEntries(namedValues.map(({ name, value }) => [name, value])), depth);
}

function fitsOnOneLine(text, depth) {
  return !text.includes('\n') && INDENT.length * depth + text.length <= MAX_LINE_LENGTH;
}

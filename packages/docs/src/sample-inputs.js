/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractParameter} ContractParameter
 * @typedef {import('@payments-connect/contract').ContractServer} ContractServer
 */

/** Samples target the sandbox: it is where a reader tries a call first, and some operations exist only there. */
const SAMPLE_ENVIRONMENT = 'sandbox';

/**
 * @typedef {object} NamedValue
 * @property {string} name
 * @property {unknown} value
 */

/**
 * @typedef {object} MultipartField
 * @property {string} name The form part name.
 * @property {string} value The part's content, as the contract model sends it (a file part's: the example file's).
 * @property {string} [fileName] Set when the part is a file: the file it is sent as, the local file a sample uploads.
 * @property {string} [contentType] Set when the part is a file: its media type.
 */

/**
 * @typedef {{ kind: 'json', mediaType: string, value: unknown }
 *   | { kind: 'multipart', mediaType: string, fields: MultipartField[] }} SampleBody
 */

/**
 * @typedef {object} SampleInputs
 * @property {string} serverUrl The server URL of the sample, variables filled with their defaults.
 * @property {NamedValue[]} path Path parameters with their example values.
 * @property {NamedValue[]} query Query parameters that carry an example.
 * @property {NamedValue[]} header Header parameters with their example values.
 * @property {SampleBody | undefined} body The request body built from its first named example.
 */

/**
 * Everything a code sample needs, read from the spec: examples of parameters and the first named
 * example of the request body. Throws when a required value has no example, so a gap in the spec
 * fails the build instead of producing a sample with a made-up value.
 * @param {Contract} contract The contract the operation belongs to (its references are resolved in it).
 * @param {ContractOperation} entry The operation.
 * @returns {SampleInputs}
 */
export function sampleInputs(contract, entry) {
  const where = `${entry.method} ${entry.path}`;
  /** @type {Pick<SampleInputs, 'path' | 'query' | 'header'>} */
  const byLocation = { path: [], query: [], header: [] };
  for (const parameter of entry.parameters) {
    // Cookie parameters have no place in these samples (the spec declares none).
    if (parameter.in === 'cookie') continue;
    const value = parameterExample(contract, parameter);
    if (value === undefined) {
      if (parameter.required)
        throw new Error(`${where}: required ${parameter.in} parameter ${parameter.name} has no example`);
      continue;
    }
    byLocation[parameter.in].push({ name: parameter.name, value });
  }
  const body = requestBodyExample(contract, entry.requestBody?.requestBody, where);
  return { serverUrl: sampleServerUrl(entry.servers), ...byLocation, body };
}

/**
 * The URL of the server a sample calls: the sandbox one when listed, else the first; its variables at
 * their defaults.
 * @param {ContractServer[]} servers The servers of an operation, as the contract reads them.
 */
export function sampleServerUrl(servers) {
  const server = servers.find((candidate) => candidate.environment === SAMPLE_ENVIRONMENT) ?? servers[0];
  if (!server) throw new Error('The spec lists no server');
  // The model leaves a variable without a default as its placeholder; a sample must not show one.
  const unfilled = /\{([^}]+)\}/.exec(server.defaultUrl)?.[1];
  if (unfilled !== undefined) throw new Error(`Server variable ${unfilled} has no default`);
  return server.defaultUrl;
}

/**
 * @param {Contract} contract
 * @param {ContractParameter} parameter
 * @returns {unknown}
 */
function parameterExample(contract, parameter) {
  // The model's example is the parameter's own, else its first named example's value; a named example with no
  // inline value (externalValue only) still stands for the parameter, so the schema's example does not.
  if (parameter.example !== undefined || Object.keys(parameter.examples).length > 0) return parameter.example;
  const schema = contract.dereference(parameter.schema ?? {}).node;
  return schema.example ?? schema.examples?.[0];
}

/**
 * @param {Contract} contract
 * @param {any} requestBody The resolved Request Body Object, if the operation has one.
 * @param {string} where `METHOD /path`, for the error.
 * @returns {SampleBody | undefined}
 */
function requestBodyExample(contract, requestBody, where) {
  if (!requestBody) return undefined;
  /** @type {[string, any] | []} */
  const [mediaType, media] = Object.entries(requestBody.content ?? {})[0] ?? [];
  if (mediaType === undefined || !media) return undefined;
  const named = Object.values(media.examples ?? {})[0];
  const example = named ? contract.dereference(named).node : undefined;
  const value = example ? example.value : media.example;
  if (value === undefined) throw new Error(`${where}: the request body (${mediaType}) has no named example`);
  if (!mediaType.startsWith('multipart/')) return { kind: 'json', mediaType, value };
  // The parts as the contract model sends the example: a file part as the file its example names.
  const fields = contract
    .exampleParts(media, example ?? { value })
    .map(({ name, content, fileName, contentType }) =>
      fileName === undefined ? { name, value: content } : { name, value: content, fileName, contentType },
    );
  return { kind: 'multipart', mediaType, fields };
}

import { resolveRef } from './spec-ref.js';

/** Samples target the sandbox: it is where a reader tries a call first, and some operations exist only there. */
const SAMPLE_SERVER_PATTERN = /sandbox/i;

/** File extensions for the media types an upload may name in its `encoding`. */
const EXTENSION_BY_MEDIA_TYPE = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/** When neither `encoding` nor the example names a file type. */
const FALLBACK_FILE_EXTENSION = 'bin';

/**
 * @typedef {object} NamedValue
 * @property {string} name
 * @property {unknown} value
 */

/**
 * @typedef {object} MultipartField
 * @property {string} name The form part name.
 * @property {unknown} value The example value (a placeholder for files).
 * @property {string} [fileName] Set when the part is a file: the local file a sample uploads.
 */

/**
 * @typedef {object} SampleInputs
 * @property {string} serverUrl The server URL of the sample, variables filled with their defaults.
 * @property {NamedValue[]} path Path parameters with their example values.
 * @property {NamedValue[]} query Query parameters that carry an example.
 * @property {NamedValue[]} header Header parameters with their example values.
 * @property {{ kind: 'json', mediaType: string, value: unknown }
 *   | { kind: 'multipart', mediaType: string, fields: MultipartField[] }
 *   | undefined} body The request body built from its first named example.
 */

/**
 * Everything a code sample needs, read from the spec: examples of parameters and the first named
 * example of the request body. Throws when a required value has no example, so a gap in the spec
 * fails the build instead of producing a sample with a made-up value.
 * @param {object} spec The bundled OpenAPI document.
 * @param {import('./operations.js').SpecOperation} entry The operation.
 * @returns {SampleInputs}
 */
export function sampleInputs(spec, entry) {
  const where = `${entry.method.toUpperCase()} ${entry.path}`;
  const byLocation = { path: [], query: [], header: [] };
  for (const parameter of entry.parameters) {
    // Cookie parameters have no place in these samples (the spec declares none).
    if (!(parameter.in in byLocation)) continue;
    const value = parameterExample(spec, parameter);
    if (value === undefined) {
      if (parameter.required)
        throw new Error(`${where}: required ${parameter.in} parameter ${parameter.name} has no example`);
      continue;
    }
    byLocation[parameter.in].push({ name: parameter.name, value });
  }
  const body = requestBodyExample(spec, entry.operation.requestBody, where);
  return { serverUrl: sampleServerUrl(entry.servers), ...byLocation, body };
}

/**
 * The URL of the server a sample calls: the sandbox one when listed, else the first.
 * @param {any[]} servers OpenAPI server objects.
 */
export function sampleServerUrl(servers) {
  const server = servers.find((candidate) => SAMPLE_SERVER_PATTERN.test(candidate.description ?? '')) ?? servers[0];
  if (!server) throw new Error('The spec lists no server');
  return server.url.replace(/\{([^}]+)\}/g, (_, name) => {
    const variable = server.variables?.[name];
    if (variable?.default === undefined) throw new Error(`Server variable ${name} has no default`);
    return variable.default;
  });
}

function parameterExample(spec, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named) return resolveRef(spec, named).value;
  const schema = resolveRef(spec, parameter.schema ?? {});
  return schema.example ?? schema.examples?.[0];
}

function requestBodyExample(spec, requestBodyOrRef, where) {
  if (!requestBodyOrRef) return undefined;
  const requestBody = resolveRef(spec, requestBodyOrRef);
  const [mediaType, media] = Object.entries(requestBody.content ?? {})[0] ?? [];
  if (!media) return undefined;
  const named = Object.values(media.examples ?? {})[0];
  const value = named ? resolveRef(spec, named).value : media.example;
  if (value === undefined) throw new Error(`${where}: the request body (${mediaType}) has no named example`);
  if (!mediaType.startsWith('multipart/')) return { kind: 'json', mediaType, value };
  const schema = resolveRef(spec, media.schema ?? {});
  const fields = Object.entries(value).map(([name, fieldValue]) => {
    const property = resolveRef(spec, schema.properties?.[name] ?? {});
    if (!isBinary(property)) return { name, value: fieldValue };
    return { name, value: fieldValue, fileName: `${name}.${fileExtension(media.encoding?.[name], fieldValue)}` };
  });
  return { kind: 'multipart', mediaType, fields };
}

function isBinary(schema) {
  return schema.format === 'binary' || schema.contentMediaType !== undefined || schema.contentEncoding !== undefined;
}

// A file part's example value is a placeholder such as "(binary PNG data)"; its file type names the
// extension when the spec gives no `encoding.contentType`.
function fileExtension(encoding, placeholder) {
  const fromEncoding = EXTENSION_BY_MEDIA_TYPE[encoding?.contentType];
  if (fromEncoding) return fromEncoding;
  const fromPlaceholder = /binary\s+([a-z0-9]+)\s+data/i.exec(String(placeholder))?.[1];
  return fromPlaceholder ? fromPlaceholder.toLowerCase() : FALLBACK_FILE_EXTENSION;
}

import { listExampleParts } from './example-parts.js';
import { childPointer } from './json-pointer.js';
import { parseMediaType } from './media-type.js';
import { dereference } from './resolve-ref.js';

/**
 * Named examples paired by name, the way example-driven tools (Microcks, Specmatic's contract tests) pair them: the
 * parameter examples, the request body example and the response example that share a name are the parts of one
 * exchange. Every name any part carries makes an exchange for those tools, so each operation's parameters carry the
 * names of that operation's exchanges only: a name given only to parameters is input without output, which such tools
 * discard or, on an operation whose success answers no content (a 204, the 200 of a DELETE), test against that
 * response. There a name the parameters carry pairs with that response.
 */

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 */

/**
 * @typedef {object} ExampleParameterValue
 * @property {string} name
 * @property {'path' | 'query' | 'header' | 'cookie'} in
 * @property {unknown} value
 */

/**
 * @typedef {object} ExampleBody
 * @property {string} mediaType
 * @property {string} pointer where the Example Object sits
 * @property {any} example the resolved Example Object
 */

/**
 * @typedef {object} ExampleResponse
 * @property {string} status the key in `responses`
 * @property {string | undefined} pointer where the Example Object sits; undefined for a response without content
 * @property {any} example the resolved Example Object; undefined for a response without content
 */

/**
 * @typedef {object} NamedExample one exchange of an operation: every part of one name
 * @property {string} name
 * @property {ExampleParameterValue[]} parameters the parameter values of this name, in the operation's order
 * @property {Array<{ name: string, in: string }>} missingParameters parameters that have no example of this name
 * @property {ExampleBody | undefined} body
 * @property {ExampleResponse | undefined} response
 * @property {string[]} problems why the parts do not pair completely; empty when they do
 */

/**
 * Every named example of an operation, paired by name: the names its request body, its responses and its parameters
 * carry, in document order, requests first. A name no response carries pairs with the success when that answers no
 * content; otherwise it is a problem, as is a parameter without an example of a name the request sends.
 * @param {unknown} document the bundled document
 * @param {ContractOperation} operation
 * @returns {NamedExample[]}
 */
export function listNamedExamples(document, operation) {
  const bodies = bodyExamples(document, operation);
  const responses = responseExamples(document, operation);
  const parameterNames = operation.parameters.flatMap((parameter) => Object.keys(parameter.examples));
  const names = [...bodies.keys(), ...responses.keys(), ...parameterNames];
  const noContent = noContentSuccess(operation);
  return [...new Set(names)].map((name) => {
    const parameters = operation.parameters
      .filter((parameter) => Object.hasOwn(parameter.examples, name))
      .map((parameter) => ({ name: parameter.name, in: parameter.in, value: parameter.examples[name] }));
    const missingParameters = operation.parameters
      .filter((parameter) => !Object.hasOwn(parameter.examples, name))
      .map((parameter) => ({ name: parameter.name, in: parameter.in }));
    const body = bodies.get(name);
    const response =
      responses.get(name) ??
      (noContent ? { status: noContent.status, pointer: undefined, example: undefined } : undefined);
    /** @type {string[]} */
    const problems = missingParameters.map((p) => `the ${p.in} parameter ${p.name} has no example ${name}`);
    if (operation.requestBody && !body) problems.push(`the request body has no example ${name}`);
    if (body) problems.push(...bodyProblems(document, operation, body, name));
    if (!response) problems.push(`no response has an example ${name}`);
    return { name, parameters, missingParameters, body, response, problems };
  });
}

/**
 * The request body examples by name (the first media type that has the name).
 * @param {unknown} document
 * @param {ContractOperation} operation
 * @returns {Map<string, ExampleBody>}
 */
function bodyExamples(document, operation) {
  /** @type {Map<string, ExampleBody>} */
  const found = new Map();
  const requestBody = operation.requestBody;
  if (!requestBody) return found;
  addExamples(document, requestBody.pointer, requestBody.requestBody, found, (mediaType, pointer, example) => ({
    mediaType,
    pointer,
    example,
  }));
  return found;
}

/**
 * The response examples by name (the first response, in document order, that has the name).
 * @param {unknown} document
 * @param {ContractOperation} operation
 * @returns {Map<string, ExampleResponse>}
 */
function responseExamples(document, operation) {
  /** @type {Map<string, ExampleResponse>} */
  const found = new Map();
  for (const response of operation.responses) {
    addExamples(document, response.pointer, response.response, found, (_mediaType, pointer, example) => ({
      status: response.status,
      pointer,
      example,
    }));
  }
  return found;
}

/**
 * Adds the named examples of a request body's or a response's media types to `found`, resolved; a name already
 * there keeps its first example.
 * @template T
 * @param {unknown} document
 * @param {string} at the pointer of the request body or response
 * @param {{ content?: Record<string, { examples?: Record<string, unknown> }> }} holder
 * @param {Map<string, T>} found
 * @param {(mediaType: string, pointer: string, example: any) => T} entry
 */
function addExamples(document, at, holder, found, entry) {
  for (const [mediaType, media] of Object.entries(holder.content ?? {})) {
    for (const [name, raw] of Object.entries(media.examples ?? {})) {
      if (found.has(name)) continue;
      const { node, pointer } = dereference(document, raw, childPointer(at, 'content', mediaType, 'examples', name));
      found.set(name, entry(mediaType, pointer, node));
    }
  }
}

/**
 * The lowest success response, when it has no content.
 * @param {ContractOperation} operation
 */
function noContentSuccess(operation) {
  const success = operation.responses
    .filter((response) => /^2\d\d$/.test(response.status))
    .sort((a, b) => Number(a.status) - Number(b.status))[0];
  return success && success.mediaTypes.length === 0 ? success : undefined;
}

/**
 * Why a request body example cannot be sent: it has no value, or, for a `multipart/form-data` body, its value is not
 * the object of parts the request is built from (see `example-parts.js`).
 * @param {unknown} document
 * @param {ContractOperation} operation
 * @param {ExampleBody} body
 * @param {string} name
 * @returns {string[]}
 */
function bodyProblems(document, operation, body, name) {
  if (body.example.value === undefined) {
    // An `externalValue` names a file whose content tools read in different ways; the model sends only a `value`.
    const external = body.example.externalValue === undefined ? '' : ' (its externalValue is not read)';
    return [`the request body example ${name} has no value${external}`];
  }
  if (parseMediaType(body.mediaType)?.essence !== 'multipart/form-data') return [];
  try {
    listExampleParts(document, operation.requestBody?.requestBody.content?.[body.mediaType], body.example);
    return [];
  } catch (error) {
    return [`the multipart request body example ${name}: ${/** @type {Error} */ (error).message}`];
  }
}

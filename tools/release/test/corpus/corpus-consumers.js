/**
 * Consumers of a corpus pair, generated from its base document, for the gate's consumer attribution:
 *
 * - **the parts that differ**: every operation of the base document is compared with the revision's, part by part,
 *   each with every `$ref` inlined (so a change to a shared schema shows in each part that uses it): the operation
 *   itself (gone, its path template, operationId, security requirements and the schemes they name), each parameter,
 *   the request body, each response. This is the ground truth of the test, found without the gate's reading of
 *   change locations. Servers and webhooks are left out: a recording holds neither (the gate reports such changes as
 *   not visible).
 * - **exercising**: for each differing part, exchanges built from the base document that touch it: the operation
 *   called; a parameter sent (and, when it may be left out, left out); the request body sent whole and with its
 *   required fields only; the differing status answered with a whole body. Each value is generated from the base
 *   schema and checked with the base contract, preferring one the revision refuses, so that a narrowed request or a
 *   changed response shows as a break where the revision can show one.
 * - **avoiding**: one exchange of an operation none of whose parts differ, answered with a status whose response does
 *   not differ (or whose difference lies in the items of an array answered empty). None exists when every operation
 *   differs (the document's security changed, say): every call then exercises the change.
 *
 * The lines are journal entries, as `--journal` writes them: no headers but `AccountId`, bodies as text.
 */
import { childPointer, createContract, listOperations, parsePointer, resolveRef } from '@payments-connect/contract';
import { operationKey } from '../../src/spec-changes/operation-changes.js';

/** @typedef {import('@payments-connect/contract').Contract} Contract */
/** @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation */

/**
 * A part of an operation that differs between the two documents.
 * @typedef {{ operation: ContractOperation, kind: 'operation' } |
 *   { operation: ContractOperation, kind: 'parameter', key: string } |
 *   { operation: ContractOperation, kind: 'request-body' } |
 *   { operation: ContractOperation, kind: 'response', status: string }} DifferingPart
 */

/** How many candidate values a schema yields at most: enough to find one the revision refuses. */
const MAX_CANDIDATES = 12;
/** How deep generation descends into nested schemas. */
const MAX_DEPTH = 6;
const BOUNDARY = 'corpus-boundary';

/**
 * @param {{ base: any, revision: any }} pair
 * @returns {{ parts: DifferingPart[], exercising: string[], avoiding: string[] | undefined }} the journals' lines
 */
export function corpusConsumers(pair) {
  const base = createContract(pair.base);
  const revision = createContract(pair.revision);
  const revisionOperations = new Map(revision.operations.map((o) => [operationKey(o.method, o.path), o]));
  const parts = differingParts(pair.base, pair.revision);
  const journal = new JournalWriter();
  for (const part of parts) {
    const twin = revisionOperations.get(operationKey(part.operation.method, part.operation.path));
    for (const exchange of exercisingExchanges(base, revision, part, twin)) journal.add(exchange);
  }
  const avoider = avoidingExchange(base, pair.revision, parts);
  return { parts, exercising: journal.lines, avoiding: avoider ? new JournalWriter().add(avoider).lines : undefined };
}

/**
 * @param {any} before
 * @param {any} after
 * @returns {DifferingPart[]}
 */
export function differingParts(before, after) {
  const revision = new Map(listOperations(after).map((o) => [operationKey(o.method, o.path), o]));
  /** @type {DifferingPart[]} */
  const parts = [];
  for (const operation of listOperations(before)) {
    const twin = revision.get(operationKey(operation.method, operation.path));
    if (!twin || !same(before, operationSkeleton(before, operation), after, operationSkeleton(after, twin))) {
      parts.push({ operation, kind: 'operation' });
      if (!twin) continue;
    }
    const [mine, theirs] = [parameterMap(operation), parameterMap(twin)];
    for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
      if (!same(before, mine.get(key), after, theirs.get(key))) parts.push({ operation, kind: 'parameter', key });
    }
    if (!same(before, operation.operation.requestBody, after, twin.operation.requestBody))
      parts.push({ operation, kind: 'request-body' });
    const responses = [operation.operation.responses ?? {}, twin.operation.responses ?? {}];
    for (const status of new Set([...Object.keys(responses[0]), ...Object.keys(responses[1])])) {
      if (!same(before, responses[0][status], after, responses[1][status]))
        parts.push({ operation, kind: 'response', status });
    }
  }
  return parts;
}

/**
 * What of an operation, apart from its parameters, request body and responses, a call depends on.
 * @param {any} document
 * @param {ContractOperation} operation
 */
function operationSkeleton(document, operation) {
  const { parameters: _p, requestBody: _b, responses: _r, servers: _s, ...rest } = operation.operation;
  const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
  return {
    path: operation.path,
    ...rest,
    security: operation.security,
    schemes: schemes.map((name) => document.components?.securitySchemes?.[name]),
  };
}

/** @param {ContractOperation} operation */
function parameterMap(operation) {
  return new Map(
    operation.parameters.map((p) => [`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p.parameter]),
  );
}

/**
 * Whether two nodes of two documents mean the same, every `$ref` inlined.
 * @param {any} before @param {unknown} a @param {any} after @param {unknown} b
 */
function same(before, a, after, b) {
  return canonical(inline(before, a)) === canonical(inline(after, b));
}

/**
 * @param {any} document
 * @param {unknown} node
 * @param {string[]} [stack] references being inlined, so that a recursive schema ends
 * @returns {unknown}
 */
function inline(document, node, stack = []) {
  if (Array.isArray(node)) return node.map((item) => inline(document, item, stack));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = /** @type {Record<string, unknown>} */ (node);
  if (typeof $ref === 'string') {
    if (stack.includes($ref)) return { $ref };
    return inline(document, { ...resolveRef(document, { $ref }), ...rest }, [...stack, $ref]);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(document, value, stack)]));
}

/** JSON with sorted keys. @param {unknown} value @returns {string} */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(/** @type {any} */ (value)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * An exchange to write as a journal line.
 * @typedef {object} Exchange
 * @property {ContractOperation} operation
 * @property {Record<string, unknown>} values parameter values by `in name` (path and query; headers are not kept)
 * @property {{ mediaType: string, value: unknown } | undefined} body
 * @property {number} status
 * @property {{ mediaType: string, value: unknown } | undefined} answer
 */

/**
 * @param {Contract} base
 * @param {Contract} revision
 * @param {DifferingPart} part
 * @param {ContractOperation | undefined} twin the operation in the revision
 * @returns {Exchange[]}
 */
function exercisingExchanges(base, revision, part, twin) {
  const { operation } = part;
  const call = baseCall(base, operation);
  if (part.kind === 'parameter') {
    const parameter = operation.parameters.find((p) => `${p.in} ${normal(p)}` === part.key);
    // A parameter only the revision has, or one a journal cannot carry (a header, a cookie): calling is touching.
    if (!parameter || (parameter.in !== 'query' && parameter.in !== 'path')) return [call];
    const other = twin?.parameters.find((p) => p.in === parameter.in && normal(p) === normal(parameter));
    const value = preferredValue(base, parameter.schemaPointer, revision, other?.schemaPointer);
    const sent = { ...call, values: { ...call.values, [part.key]: value } };
    return parameter.required || parameter.in === 'path' ? [sent] : [sent, call];
  }
  if (part.kind === 'request-body') {
    const body = operation.requestBody;
    if (!body) return [call];
    return body.mediaTypes.flatMap((mediaType) => {
      const pointer = childPointer(body.pointer, 'content', mediaType, 'schema');
      const twinBody = twin?.requestBody;
      const twinPointer = twinBody?.requestBody.content?.[mediaType]?.schema
        ? childPointer(twinBody.pointer, 'content', mediaType, 'schema')
        : undefined;
      // A consumer does not send what is read-only: the API writes it.
      const whole = withoutReadOnly(base, pointer, preferredValue(base, pointer, revision, twinPointer));
      const least = withoutReadOnly(base, pointer, requiredOnly(base, pointer, whole));
      return [
        { ...call, body: { mediaType, value: whole } },
        { ...call, body: { mediaType, value: least } },
        ...(body.required ? [] : [{ ...call, body: undefined }]),
      ];
    });
  }
  if (part.kind === 'response') {
    const response = operation.responses.find((r) => r.status === part.status);
    if (!response) return [call];
    const status = statusOf(operation, response.status);
    const twinResponse = twin?.responses.find((r) => r.status === part.status);
    const media = response.mediaTypes.length > 0 ? response.mediaTypes : [undefined];
    return media.map((mediaType) => ({
      ...call,
      status,
      answer: mediaType === undefined ? undefined : answerBody(base, revision, response, twinResponse, mediaType),
    }));
  }
  return [call];
}

/**
 * An exchange of an operation none of whose parts differ, with the first status whose response does not differ or
 * differs only in the items of an array (answered empty).
 * @param {Contract} base
 * @param {any} after
 * @param {DifferingPart[]} parts
 * @returns {Exchange | undefined}
 */
function avoidingExchange(base, after, parts) {
  const keyOf = (/** @type {ContractOperation} */ o) => operationKey(o.method, o.path);
  const differing = new Set(parts.filter((p) => p.kind !== 'response').map((p) => keyOf(p.operation)));
  const revision = new Map(listOperations(after).map((o) => [keyOf(o), o]));
  for (const operation of base.operations) {
    const key = keyOf(operation);
    if (differing.has(key)) continue;
    const twin = /** @type {ContractOperation} */ (revision.get(key));
    for (const response of operation.responses) {
      const changed = parts.some(
        (p) => keyOf(p.operation) === key && p.kind === 'response' && p.status === response.status,
      );
      const call = { ...baseCall(base, operation), status: statusOf(operation, response.status) };
      const mediaType = response.mediaTypes[0];
      if (!changed) {
        const answer =
          mediaType === undefined ? undefined : answerBody(base, undefined, response, undefined, mediaType);
        return { ...call, answer };
      }
      const twinResponse = twin.responses.find((r) => r.status === response.status)?.response;
      const withoutItems = (/** @type {any} */ document, /** @type {any} */ node) =>
        Object.entries(resolveRef(document, node)?.content ?? {}).map(([type, media]) => {
          const { items: _items, ...schema } = resolveRef(document, /** @type {any} */ (media).schema) ?? {};
          return [type, inline(document, schema)];
        });
      const onlyItems =
        mediaType !== undefined &&
        canonical(withoutItems(base.document, response.response)) === canonical(withoutItems(after, twinResponse)) &&
        fits(base, childPointer(response.pointer, 'content', mediaType, 'schema'), []);
      if (onlyItems) return { ...call, answer: { mediaType, value: [] } };
    }
  }
  return undefined;
}

/**
 * A call with the required parameters, the request body whole if one is required, answered with the first success.
 * @param {Contract} base
 * @param {ContractOperation} operation
 * @returns {Exchange}
 */
function baseCall(base, operation) {
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const parameter of operation.parameters) {
    if ((parameter.in === 'path' || parameter.in === 'query') && (parameter.required || parameter.in === 'path'))
      values[`${parameter.in} ${parameter.name}`] = preferredValue(base, parameter.schemaPointer);
  }
  const body = operation.requestBody;
  const mediaType = body?.mediaTypes[0];
  const response = operation.responses.find((r) => r.status.startsWith('2')) ?? operation.responses[0];
  const answerType = response?.mediaTypes[0];
  return {
    operation,
    values,
    body:
      body?.required && mediaType
        ? { mediaType, value: preferredValue(base, childPointer(body.pointer, 'content', mediaType, 'schema')) }
        : undefined,
    status: response ? statusOf(operation, response.status) : 200,
    answer: response && answerType ? answerBody(base, undefined, response, undefined, answerType) : undefined,
  };
}

/**
 * A whole answer body of a documented response, preferring one the revision's response refuses.
 * @param {Contract} base
 * @param {Contract | undefined} revision
 * @param {import('@payments-connect/contract').ContractResponse} response
 * @param {import('@payments-connect/contract').ContractResponse | undefined} twin
 * @param {string} mediaType
 */
function answerBody(base, revision, response, twin, mediaType) {
  const schema = response.response.content?.[mediaType]?.schema;
  if (!schema) return { mediaType, value: 'any answer' };
  const pointer = childPointer(response.pointer, 'content', mediaType, 'schema');
  const twinPointer = twin?.response.content?.[mediaType]?.schema
    ? childPointer(twin.pointer, 'content', mediaType, 'schema')
    : undefined;
  return { mediaType, value: preferredValue(base, pointer, revision, twinPointer) };
}

/**
 * A status that falls under a documented response key: the code itself, the first of a range no other key names, a
 * code no key names for `default`.
 * @param {ContractOperation} operation
 * @param {string} key
 */
function statusOf(operation, key) {
  if (/^\d{3}$/.test(key)) return Number(key);
  const keys = operation.responses.map((r) => r.status.toUpperCase());
  const free = (/** @type {number} */ code) =>
    !keys.includes(String(code)) && (key !== 'default' || !keys.includes(`${String(code)[0]}XX`));
  const codes = key === 'default' ? [500, 599, 400, 499] : [Number(`${key[0]}00`), Number(`${key[0]}99`)];
  for (let code = codes[0] ?? 500; code <= (codes[1] ?? 599); code++) if (free(code)) return code;
  return 599;
}

/** @param {import('@payments-connect/contract').ContractParameter} parameter */
function normal(parameter) {
  return parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
}

/**
 * The first candidate value the base schema takes, preferring one the revision's schema refuses.
 * @param {Contract} base
 * @param {string} pointer
 * @param {Contract} [revision]
 * @param {string} [revisionPointer]
 * @returns {unknown}
 */
export function preferredValue(base, pointer, revision, revisionPointer) {
  const all = candidates(base, pointer, 0);
  const valid = all.filter((value) => fits(base, pointer, value));
  const pool = valid.length > 0 ? valid : all;
  if (revision && revisionPointer) {
    const refused = pool.find((value) => !fits(revision, revisionPointer, value));
    if (refused !== undefined) return refused;
  }
  return pool[0] ?? 'any';
}

/**
 * Whether a value fits the schema at a pointer; where there is no schema, any value does.
 * @param {Contract} contract
 * @param {string} pointer
 * @param {unknown} value
 */
function fits(contract, pointer, value) {
  if (resolved(contract, pointer).node === undefined) return true;
  return contract.validateAt(pointer, value).length === 0;
}

/**
 * The value with only the properties its schema requires, when it is an object and that still fits.
 * @param {Contract} base
 * @param {string} pointer
 * @param {unknown} value
 */
function requiredOnly(base, pointer, value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const schema = resolved(base, pointer).node;
  const required = new Set([
    ...(schema?.required ?? []),
    ...(schema?.allOf ?? []).flatMap((/** @type {unknown} */ p) => resolveRef(base.document, p)?.required ?? []),
  ]);
  const least = Object.fromEntries(Object.entries(value).filter(([name]) => required.has(name)));
  return fits(base, pointer, least) ? least : value;
}

/**
 * An object without the properties its schema marks read-only.
 * @param {Contract} base
 * @param {string} pointer
 * @param {unknown} value
 */
function withoutReadOnly(base, pointer, value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = resolved(base, pointer).node?.properties ?? {};
  return Object.fromEntries(
    Object.entries(value).filter(([name]) => resolveRef(base.document, properties[name])?.readOnly !== true),
  );
}

/**
 * @param {Contract} contract
 * @param {string} pointer
 * @returns {{ node: any, pointer: string }}
 */
function resolved(contract, pointer) {
  let node = /** @type {any} */ (contract.document);
  for (const token of parsePointer(pointer)) node = node?.[token];
  return contract.dereference(node, pointer);
}

/**
 * Values a schema may take, not yet checked: its examples, enum and const, then values of each type it allows, built
 * from its constraints (the bounds themselves, a string too long for a lower maxLength, an int64 past int32).
 * @param {Contract} contract
 * @param {string} pointer
 * @param {number} depth
 * @returns {unknown[]}
 */
function candidates(contract, pointer, depth) {
  const { node: schema, pointer: at } = resolved(contract, pointer);
  if (schema === undefined || schema === true) return ['any', 1];
  if (!schema || typeof schema !== 'object') return [];
  /** @type {unknown[]} */
  const out = [];
  if ('const' in schema) out.push(schema.const);
  out.push(...(schema.enum ?? []), ...(schema.examples ?? []));
  if ('example' in schema) out.push(schema.example);
  if ('default' in schema) out.push(schema.default);
  if (depth > MAX_DEPTH) return out.length > 0 ? out : [null];
  const nested = (/** @type {Array<string | number>} */ ...tokens) => {
    const child = childPointer(at, ...tokens);
    const values = candidates(contract, child, depth + 1);
    const valid = values.filter((value) => fits(contract, child, value));
    return (valid.length > 0 ? valid : values).slice(0, MAX_CANDIDATES);
  };
  for (const keyword of ['oneOf', 'anyOf']) {
    for (const [index] of /** @type {unknown[]} */ (schema[keyword] ?? []).entries())
      out.push(...merged(candidatesOwn(), nested(keyword, index)));
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((/** @type {unknown} */ _, /** @type {number} */ index) => nested('allOf', index));
    out.push(
      ...parts.reduce(
        (/** @type {unknown[]} */ acc, /** @type {unknown[]} */ part) => merged(acc, part),
        candidatesOwn(),
      ),
    );
  } else out.push(...candidatesOwn());
  return out.slice(0, MAX_CANDIDATES * 2);

  /** The schema's values by its own type keywords. */
  function candidatesOwn() {
    const types = schema.type ? [schema.type].flat() : inferredTypes(schema);
    return types.flatMap((/** @type {string} */ type) => {
      if (type === 'string') return strings(schema);
      if (type === 'integer' || type === 'number') return numbers(schema, type);
      if (type === 'boolean') return [true, false];
      if (type === 'null') return [null];
      if (type === 'array') return arrays();
      if (type === 'object') return objects();
      return [];
    });
  }

  function arrays() {
    const items = schema.items === undefined ? ['any', 1] : nested('items');
    const prefix = (schema.prefixItems ?? []).map(
      (/** @type {unknown} */ _, /** @type {number} */ i) => nested('prefixItems', i)[0],
    );
    const contains = schema.contains === undefined ? [] : nested('contains');
    const size = Math.max(1, schema.minItems ?? 1, schema.minContains ?? 0);
    const first = items[0];
    // Two items first (a parameter that stops being an array refuses a repeat), then the bounds of the schema.
    /** @type {unknown[][]} */
    const arrays = [
      [...prefix, ...contains.slice(0, 1), ...items.slice(0, Math.max(size, 2))],
      [...prefix, ...contains.slice(0, 1), ...Array(size).fill(first)],
      [],
      ...items.map((item) => [...prefix, ...contains.slice(0, 1), ...Array(size).fill(item)]),
      [...prefix, ...Array.from({ length: size }, (_, i) => `${String(first)}-${i}`)],
      Array(Math.max(2, schema.minContains ?? 0)).fill(contains[0] ?? first),
      Array(schema.maxItems ?? 3).fill(first),
    ];
    return arrays;
  }

  function objects() {
    const names = Object.keys(schema.properties ?? {});
    const values = names.map((name) => nested('properties', name));
    const variants = Math.max(1, ...values.map((list) => list.length));
    /** @type {Record<string, unknown>} */
    const extra = {};
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      extra.extra = nested('additionalProperties')[0];
    for (const pattern of Object.keys(schema.patternProperties ?? {}))
      extra[pattern.replace(/[\^$]/g, '').replace(/[^A-Za-z0-9_-]/g, '') || 'x'] = nested(
        'patternProperties',
        pattern,
      )[0];
    const whole = Array.from({ length: Math.min(variants, MAX_CANDIDATES) }, (_, i) => ({
      ...Object.fromEntries(names.map((name, n) => [name, values[n]?.[Math.min(i, (values[n]?.length ?? 1) - 1)]])),
      ...(i === 0 ? {} : extra),
    }));
    // One property alone or one left out (what other properties depend on), and properties the schema does not name.
    const single = names.map((name, n) => ({ [name]: values[n]?.[0] }));
    const allBut = names.map((name) => Object.fromEntries(Object.entries(whole[0] ?? {}).filter(([n]) => n !== name)));
    const unnamed = [
      { ...whole[0], 'Extra-1': 'x' },
      { ...whole[0], 'x-note': 1 },
    ];
    return [...whole, ...single, ...allBut, ...unnamed];
  }
}

/**
 * Each value of `a` with each of `b` laid over it, objects merged; scalars of either as they are.
 * @param {unknown[]} a
 * @param {unknown[]} b
 */
function merged(a, b) {
  const objectsOf = (/** @type {unknown[]} */ list) =>
    list.filter((v) => v && typeof v === 'object' && !Array.isArray(v));
  const left = objectsOf(a);
  if (left.length === 0) return b;
  const right = objectsOf(b);
  if (right.length === 0) return [...a, ...b];
  return right.map((value, i) => ({
    .../** @type {object} */ (left[i % left.length]),
    .../** @type {object} */ (value),
  }));
}

/** @param {any} schema */
function inferredTypes(schema) {
  if (schema.properties || schema.additionalProperties || schema.patternProperties) return ['object'];
  if (schema.items || schema.prefixItems || schema.contains) return ['array'];
  if ('maxLength' in schema || 'minLength' in schema || 'pattern' in schema || 'format' in schema) return ['string'];
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return ['number'];
  return ['string', 'object'];
}

/** @param {any} schema */
function strings(schema) {
  const formats = /** @type {Record<string, string>} */ ({
    date: '2024-05-06',
    'date-time': '2024-05-06T07:08:09Z',
    uuid: '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f',
    email: 'someone@example.test',
    uri: 'https://example.test/a',
  });
  const out = [];
  if (formats[schema.format]) out.push(formats[schema.format]);
  if (schema.contentMediaType === 'application/json') out.push('{"a":1}');
  if (schema.contentEncoding === 'base64') out.push('aGVsbG8=');
  if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength));
  if (typeof schema.minLength === 'number') out.push('x'.repeat(Math.max(1, schema.minLength)));
  out.push('abcdefghijklmnopqrstuvwxyz0123456789', 'abc', 'x-1', 'ABC', '12', 'a', '');
  return out;
}

/**
 * @param {any} schema
 * @param {string} type
 */
function numbers(schema, type) {
  const out = [
    schema.minimum,
    schema.maximum,
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined,
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined,
    typeof schema.multipleOf === 'number' ? schema.multipleOf * 3 : undefined,
    2 ** 40,
    1000,
    100,
    7,
    1,
    0,
    -5,
    ...(type === 'number' ? [1.5] : []),
  ];
  return out.filter((n) => typeof n === 'number' && (type === 'number' || Number.isInteger(n)));
}

/** Writes exchanges as the lines of a journal. */
class JournalWriter {
  constructor() {
    /** @type {string[]} */
    this.lines = [];
  }

  /** @param {Exchange} exchange */
  add({ operation, values, body, status, answer }) {
    const query = new URLSearchParams();
    let path = operation.path;
    for (const parameter of operation.parameters) {
      const key = `${parameter.in} ${parameter.name}`;
      if (!(key in values)) continue;
      const value = values[key];
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(text(value)));
      else if (parameter.parameter.style === 'deepObject' && value && typeof value === 'object')
        for (const [name, item] of Object.entries(value)) query.append(`${parameter.name}[${name}]`, text(item));
      else for (const item of [value].flat()) query.append(parameter.name, text(item));
    }
    const search = query.toString();
    this.lines.push(
      JSON.stringify({
        id: this.lines.length + 1,
        time: '2026-01-02T03:04:05.000Z',
        method: operation.method,
        target: search ? `${path}?${search}` : path,
        operationId: operation.operationId ?? null,
        accountId: null,
        status,
        requestViolations: [],
        answerViolations: [],
        durationMs: 1,
        requestBody: body ? serialize(body) : null,
        answerBody: answer ? serialize(answer) : null,
        truncated: false,
        notes: [],
      }),
    );
    return this;
  }
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A body as its media type writes it on the wire.
 * @param {{ mediaType: string, value: unknown }} body
 */
function serialize({ mediaType, value }) {
  if (/json/.test(mediaType)) return JSON.stringify(value);
  if (mediaType === 'application/x-www-form-urlencoded' && value && typeof value === 'object')
    return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, text(v)])).toString();
  if (mediaType === 'multipart/form-data' && value && typeof value === 'object') {
    const parts = Object.entries(value).map(
      ([name, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(v)}\r\n`,
    );
    return `${parts.join('')}--${BOUNDARY}--\r\n`;
  }
  return /xml/.test(mediaType) ? `<value>${text(value)}</value>` : text(value);
}

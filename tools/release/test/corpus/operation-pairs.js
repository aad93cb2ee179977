import { corpusDocument, spec } from './corpus-document.js';

/** @typedef {import('./corpus-document.js').CorpusPair} CorpusPair */

const itemPath = '/items/{itemId}';
/** With the webhook sending an `X-Signature` header, required or not. */
const withSignature = (/** @type {boolean} */ required) =>
  spec(
    (d) =>
      (d.webhooks['item.changed'].post.parameters = [
        { name: 'X-Signature', in: 'header', required, schema: { type: 'string' } },
      ]),
  );

/** Paths, operations, operationIds, webhooks, the document itself and its named components. */
export const operationPairs = /** @type {CorpusPair[]} */ ([
  {
    id: 'operation removed',
    oasdiff: 'api-removed-without-deprecation',
    level: 'ERR',
    base: corpusDocument(),
    revision: spec((d) => delete d.paths['/items'].post),
    verdict: 'breaking',
    rule: 'operation-removed',
    why: 'consumers that call POST /items get an error',
  },
  {
    id: 'path removed',
    oasdiff: 'api-path-removed-without-deprecation',
    level: 'ERR',
    base: corpusDocument(),
    revision: spec((d) => delete d.paths[itemPath]),
    verdict: 'breaking',
    rule: 'operation-removed',
    why: 'every operation of the path is gone',
  },
  {
    id: 'deprecated operation removed',
    oasdiff: 'api-removed-with-deprecation',
    level: 'INFO',
    base: spec((d) => (d.paths[itemPath].get.deprecated = true)),
    revision: spec((d) => delete d.paths[itemPath].get),
    verdict: 'breaking',
    rule: 'operation-removed',
    why: 'consumers still calling a deprecated operation get an error',
    difference:
      'oasdiff lets a deprecated operation go in any release; here a removal is a major release whatever came ' +
      'before it, since semver has no other signal for a consumer that still calls it',
  },
  {
    id: 'path added',
    oasdiff: 'endpoint-added',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec(
      (d) => (d.paths['/tags'] = { get: { operationId: 'listTags', responses: { 200: { description: 'Tags.' } } } }),
    ),
    verdict: 'non-breaking',
    rule: 'operation-added',
    why: 'an addition: no existing call changes',
  },
  {
    id: 'method added to a path',
    oasdiff: 'endpoint-added',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec(
      (d) =>
        (d.paths[itemPath].delete = { operationId: 'deleteItem', responses: { 204: { description: 'Deleted.' } } }),
    ),
    verdict: 'non-breaking',
    rule: 'operation-added',
    why: 'an addition: no existing call changes',
  },
  {
    id: 'operation deprecated',
    oasdiff: 'endpoint-deprecated',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.paths[itemPath].get.deprecated = true)),
    verdict: 'non-breaking',
    rule: 'deprecation',
    why: 'a notice: the operation still works',
  },
  {
    id: 'operation no longer deprecated',
    oasdiff: 'endpoint-reactivated',
    level: 'INFO',
    base: spec((d) => (d.paths[itemPath].get.deprecated = true)),
    revision: corpusDocument(),
    verdict: 'non-breaking',
    rule: 'deprecation',
    why: 'a notice withdrawn',
  },
  {
    id: 'operationId added where there was none',
    oasdiff: 'api-operation-id-added',
    level: 'INFO',
    base: spec((d) => delete d.paths[itemPath].get.operationId),
    revision: corpusDocument(),
    verdict: 'non-breaking',
    rule: 'operation-id-added',
    why: 'the generated types gain operations.getItem; paths keep the same shape',
  },
  {
    id: 'operationId changed',
    oasdiff: 'api-operation-id-removed',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.paths[itemPath].get.operationId = 'fetchItem')),
    verdict: 'breaking',
    rule: 'operation-id-changed',
    why: "code naming operations['getItem'] in @payments-connect/types stops compiling",
    difference: 'policy: operationIds stay, because the generated types key `operations` by them',
  },
  {
    id: 'operationId removed',
    oasdiff: 'api-operation-id-removed',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => delete d.paths[itemPath].get.operationId),
    verdict: 'breaking',
    rule: 'operation-id-changed',
    why: "code naming operations['getItem'] stops compiling",
    difference: 'policy: operationIds stay, because the generated types key `operations` by them',
  },
  {
    id: 'path variable renamed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => {
      d.paths['/items/{id}'] = d.paths[itemPath];
      delete d.paths[itemPath];
      d.paths['/items/{id}'].parameters[0].name = 'id';
    }),
    verdict: 'breaking',
    rule: 'path-parameter-renamed',
    why: "the URL is the same, but client.GET('/items/{itemId}', { params: { path: { itemId } } }) stops compiling",
    difference:
      'oasdiff matches the two paths and reports nothing; policy: generated type names stay, and the ' +
      'generated `paths` type is keyed by the template and its path parameters by name',
  },
  {
    id: 'tag added',
    oasdiff: 'api-tag-added',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.paths[itemPath].get.tags = ['Items'])),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'tags group operations in documentation',
  },
  {
    id: 'tag removed',
    oasdiff: 'api-tag-removed',
    level: 'INFO',
    base: spec((d) => (d.paths[itemPath].get.tags = ['Items'])),
    revision: corpusDocument(),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'tags group operations in documentation',
  },
  {
    id: 'operation summary and description changed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => {
      d.paths[itemPath].get.summary = 'Get one item';
      d.paths[itemPath].get.description = 'Reads an item by its id.';
    }),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'prose only',
  },
  {
    id: 'stability level lowered (an x- extension)',
    oasdiff: 'api-stability-decreased',
    level: 'ERR',
    base: spec((d) => (d.paths[itemPath].get['x-stability-level'] = 'stable')),
    revision: spec((d) => (d.paths[itemPath].get['x-stability-level'] = 'beta')),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'an extension changes nothing on the wire or in the generated code',
    difference:
      'this repository does not use x-stability-level; every x- extension only documents, and the wire and the ' +
      'generated code decide what breaks',
  },
  {
    id: 'webhook added',
    oasdiff: 'webhook-added',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.webhooks['item.deleted'] = structuredClone(d.webhooks['item.changed']))),
    verdict: 'non-breaking',
    rule: 'webhook-added',
    why: 'a new kind of event; endpoints that do not expect it were told to ignore unknown events',
  },
  {
    id: 'webhook removed',
    oasdiff: 'webhook-removed',
    level: 'ERR',
    base: corpusDocument(),
    revision: spec((d) => delete d.webhooks['item.changed']),
    verdict: 'breaking',
    rule: 'webhook-removed',
    why: 'consumers stop receiving events they rely on',
  },
  {
    id: 'webhook payload property removed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => delete d.components.schemas.ItemEvent.properties.itemId),
    verdict: 'breaking',
    rule: 'property-removed',
    why: "the consumer's endpoint reads the payload: a property it relied on is gone",
  },
  {
    id: 'webhook payload closed enum gains a value',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => d.components.schemas.ItemEvent.properties.type.enum.push('item.archived')),
    verdict: 'breaking',
    rule: 'response-values-widened',
    why: "the consumer's endpoint may receive a type it does not handle",
  },
  {
    id: 'webhook answer status added',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.webhooks['item.changed'].post.responses['202'] = { description: 'Queued.' })),
    verdict: 'non-breaking',
    rule: 'response-status-added',
    why: "the API now also accepts 202 from the consumer's endpoint",
  },
  {
    id: 'webhook header the consumer relied on became optional',
    oasdiff: 'none',
    base: withSignature(true),
    revision: withSignature(false),
    verdict: 'breaking',
    rule: 'parameter-now-optional',
    why: "the API writes the webhook's parameters: an endpoint that checks the signature may get none",
  },
  {
    id: "header of the consumer's webhook answer no longer read",
    oasdiff: 'none',
    base: spec(
      (d) =>
        (d.webhooks['item.changed'].post.responses['200'].headers = {
          'X-Received-At': { schema: { type: 'string' } },
        }),
    ),
    revision: corpusDocument(),
    verdict: 'non-breaking',
    rule: 'webhook-answer-header-removed',
    why: "the consumer's endpoint writes the answer: a header the API stops reading breaks no endpoint",
  },
  {
    id: 'callbacks added',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.paths['/items'].post.callbacks = { done: {} })),
    verdict: 'breaking',
    rule: 'unclassified',
    why: 'no rule judges callbacks: counted as breaking until one does',
  },
  {
    id: 'OpenAPI patch version',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.openapi = '3.1.1')),
    verdict: 'non-breaking',
    rule: 'openapi-version-changed',
    why: 'a patch of the OpenAPI specification changes no rule of the contract',
  },
  {
    id: 'info description changed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.info.description = 'Items, and what becomes of them.')),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'prose only',
  },
  {
    id: 'named schema removed',
    oasdiff: 'api-schema-removed',
    level: 'INFO',
    base: spec((d) => (d.components.schemas.Tag = { type: 'string' })),
    revision: corpusDocument(),
    verdict: 'breaking',
    rule: 'schema-removed',
    why: '@payments-connect/types no longer exports the Tag type',
    difference: 'policy: generated type names stay, and @payments-connect/types exports one type per named schema',
  },
  {
    id: 'named schema added',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.components.schemas.Tag = { type: 'string' })),
    verdict: 'non-breaking',
    rule: 'schema-added',
    why: 'a new exported type',
  },
]);

import { corpusDocument, spec } from './corpus-document.js';

/** @typedef {import('./corpus-document.js').CorpusPair} CorpusPair */

const apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
const oauth = (/** @type {Record<string, string>} */ scopes) => ({
  type: 'oauth2',
  flows: { clientCredentials: { tokenUrl: 'https://auth.example.test/token', scopes } },
});
/** With an API key scheme besides the bearer one, and `mutate` applied. */
const withApiKey = (/** @type {(d: any) => void} */ mutate) =>
  spec((d) => {
    d.components.securitySchemes.apiKey = apiKey;
    mutate(d);
  });
/** With an OAuth scheme offering these scopes, required by `GET /items/{itemId}` with `required` scopes. */
const withOauth = (/** @type {Record<string, string>} */ scopes, /** @type {string[]} */ required) =>
  spec((d) => {
    d.components.securitySchemes.oauth = oauth(scopes);
    d.paths['/items/{itemId}'].get.security = [{ oauth: required }];
  });
const readWrite = { read: 'Read items.', write: 'Write items.' };

const policy = 'policy: what credentials a request needs stays; oasdiff reports every security change as INFO';

/** Security requirements, security schemes and servers. */
export const securityPairs = /** @type {CorpusPair[]} */ ([
  {
    id: 'operation security: an alternative added',
    oasdiff: 'api-security-added',
    level: 'INFO',
    base: withApiKey(() => {}),
    revision: withApiKey((d) => (d.paths['/items'].get.security = [{ bearer: [] }, { apiKey: [] }])),
    verdict: 'non-breaking',
    rule: 'security-relaxed',
    why: 'a bearer token is still accepted; an API key now is too',
  },
  {
    id: 'operation security: an alternative removed',
    oasdiff: 'api-security-removed',
    level: 'INFO',
    base: withApiKey((d) => (d.paths['/items'].get.security = [{ bearer: [] }, { apiKey: [] }])),
    revision: withApiKey(() => {}),
    verdict: 'breaking',
    rule: 'security-changed',
    why: 'consumers that authenticate with an API key are rejected',
    difference: policy,
  },
  {
    id: 'operation security: a scope required',
    oasdiff: 'api-security-scope-added',
    level: 'INFO',
    base: withOauth(readWrite, ['read']),
    revision: withOauth(readWrite, ['read', 'write']),
    verdict: 'breaking',
    rule: 'security-changed',
    why: 'tokens issued with the read scope only are rejected',
    difference: policy,
  },
  {
    id: 'operation security: a scope no longer required',
    oasdiff: 'api-security-scope-removed',
    level: 'INFO',
    base: withOauth(readWrite, ['read', 'write']),
    revision: withOauth(readWrite, ['read']),
    verdict: 'non-breaking',
    rule: 'security-relaxed',
    why: 'a token with both scopes still has the one required',
  },
  {
    id: 'document security: a scheme required where none was',
    oasdiff: 'api-global-security-added',
    level: 'INFO',
    base: spec((d) => (d.security = [])),
    revision: corpusDocument(),
    verdict: 'breaking',
    rule: 'security-changed',
    why: 'requests without a token are rejected',
    difference: policy,
  },
  {
    id: 'document security removed',
    oasdiff: 'api-global-security-removed',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.security = [])),
    verdict: 'non-breaking',
    rule: 'security-relaxed',
    why: 'requests with a token are still accepted',
  },
  {
    id: 'document security: another scheme',
    oasdiff: 'api-global-security-added',
    level: 'INFO',
    base: withApiKey(() => {}),
    revision: withApiKey((d) => (d.security = [{ apiKey: [] }])),
    verdict: 'breaking',
    rule: 'security-changed',
    why: 'requests with a bearer token are rejected',
    difference: policy,
  },
  {
    id: 'security scheme added',
    oasdiff: 'api-security-component-added',
    level: 'INFO',
    base: corpusDocument(),
    revision: withApiKey(() => {}),
    verdict: 'non-breaking',
    rule: 'security-scheme-added',
    why: 'no request needs it yet',
  },
  {
    id: 'security scheme removed',
    oasdiff: 'api-security-component-removed',
    level: 'INFO',
    base: withApiKey(() => {}),
    revision: corpusDocument(),
    verdict: 'breaking',
    rule: 'security-scheme-removed',
    why: 'consumers that authenticate with it have nothing to send',
    difference: policy,
  },
  {
    id: 'security scheme type changed',
    oasdiff: 'api-security-component-type-changed',
    level: 'INFO',
    base: corpusDocument(),
    revision: spec((d) => (d.components.securitySchemes.bearer = { type: 'http', scheme: 'basic' })),
    verdict: 'breaking',
    rule: 'security-scheme-changed',
    why: 'consumers send credentials another way',
    difference: policy,
  },
  {
    id: 'security scheme token URL changed',
    oasdiff: 'api-security-component-oauth-token-url-changed',
    level: 'INFO',
    base: withOauth(readWrite, ['read']),
    revision: spec((d) => {
      d.components.securitySchemes.oauth = oauth(readWrite);
      d.components.securitySchemes.oauth.flows.clientCredentials.tokenUrl = 'https://auth.example.test/v2/token';
      d.paths['/items/{itemId}'].get.security = [{ oauth: ['read'] }];
    }),
    verdict: 'breaking',
    rule: 'security-scheme-changed',
    why: 'consumers fetch tokens from the old URL',
    difference: policy,
  },
  {
    id: 'security scheme scope added',
    oasdiff: 'api-security-component-oauth-scope-added',
    level: 'INFO',
    base: withOauth({ read: 'Read items.' }, ['read']),
    revision: withOauth(readWrite, ['read']),
    verdict: 'non-breaking',
    rule: 'security-scheme-scope-added',
    why: 'a scope no request needs yet',
  },
  {
    id: 'security scheme scope removed',
    oasdiff: 'api-security-component-oauth-scope-removed',
    level: 'INFO',
    base: withOauth(readWrite, ['read']),
    revision: withOauth({ read: 'Read items.' }, ['read']),
    verdict: 'breaking',
    rule: 'security-scheme-changed',
    why: 'consumers that ask for the write scope get no token',
    difference: policy,
  },
  {
    id: 'security scheme description changed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.components.securitySchemes.bearer.description = 'A token from POST /token.')),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'prose only',
  },
  {
    id: 'server URL changed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.servers = [{ url: 'https://api.example.test/v2' }])),
    verdict: 'breaking',
    rule: 'servers-changed',
    why: 'consumers configured with the old URL reach nothing',
    difference: 'oasdiff has no rules for servers (deployment metadata to it); policy: servers stay',
  },
  {
    id: 'server added',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => d.servers.unshift({ url: 'https://eu.api.example.test' })),
    verdict: 'breaking',
    rule: 'servers-changed',
    why: 'consumers that pick the first server now reach another one',
    difference: 'oasdiff has no rules for servers; policy: consumers pick a server by its URL or position',
  },
  {
    id: 'server description changed',
    oasdiff: 'none',
    base: corpusDocument(),
    revision: spec((d) => (d.servers[0].description = 'Production')),
    verdict: 'non-breaking',
    rule: 'documentation',
    why: 'prose only',
  },
]);

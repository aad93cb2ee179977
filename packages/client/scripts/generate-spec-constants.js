#!/usr/bin/env node
// Writes src/generated/spec-constants.ts: the few facts of the contract the client needs at run time (server URLs,
// the token path, the sandbox-only operations), read through the contract model rather than typed by hand, so the
// client keeps in step with the contract. The output is committed so reviewers see it change with the spec;
// `--check` fails when the committed file is stale (CI runs it after the build).

import { loadContract } from '@payments-connect/contract';
import { writeOrCheckGenerated } from '@payments-connect/repo-checks/generated-file';

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(`generate-spec-constants: ${message}`);
}

/**
 * The URL of each environment: the server the contract model reads as production or sandbox (by the document's
 * server variables), with its variables at their defaults.
 * @param {import('@payments-connect/contract').ContractServer[]} servers
 */
function serverUrlsByEnvironment(servers) {
  /** @type {Record<string, string>} */
  const urls = {};
  for (const server of servers) if (server.environment) urls[server.environment] = server.defaultUrl;
  for (const environment of ['production', 'sandbox']) {
    if (!urls[environment]) fail(`the spec's servers have no ${environment} server`);
  }
  return urls;
}

/** Renders the constants module for the bundled spec. */
function generate() {
  const contract = loadContract();
  const token = contract.tokenOperation;
  if (token?.method !== 'POST') fail('expected exactly one POST operation with `security: []`');
  const constants = {
    SERVER_URLS: serverUrlsByEnvironment(contract.servers),
    TOKEN_PATH: token.path,
    SANDBOX_ONLY_OPERATIONS: contract.operations.filter((o) => o.sandboxOnly).map((o) => `${o.method} ${o.path}`),
  };
  // One pattern for all of them, matched against `METHOD /path?query` of a request: path parameters never hold
  // a `/` (openapi-fetch percent-encodes them), and the paths hold no other regex syntax (checked).
  if (constants.SANDBOX_ONLY_OPERATIONS.some((key) => /[.*+?^$()|[\]\\]/.test(key))) fail('regex syntax in a path');
  const alternatives = constants.SANDBOX_ONLY_OPERATIONS.map((key) => key.replace(/\{[^}]+\}/g, '[^/?]+'));
  const sandboxOnlyRequest = `^(?:${alternatives.join('|')})(?:\\?|$)`.replaceAll('/', '\\/');
  /** @type {Record<keyof typeof constants, string>} */
  const docs = {
    SERVER_URLS: "URL of each environment: the spec's `servers`, variables resolved to their (placeholder) defaults.",
    TOKEN_PATH: 'Path of the token exchange, the one operation with `security: []`.',
    SANDBOX_ONLY_OPERATIONS: '`METHOD /path` of every operation marked `x-sandbox-only: true`.',
  };
  const body = Object.entries(constants)
    .map(
      ([name, value]) =>
        `/** ${docs[/** @type {keyof typeof constants} */ (name)]} */\n` +
        `export const ${name} = ${JSON.stringify(value, null, 2)} as const;\n`,
    )
    .join('\n');
  return `/**
 * GENERATED FILE: do not edit by hand.
 * Source: @payments-connect/openapi (dist/openapi.json), by scripts/generate-spec-constants.js.
 * Regenerate with \`pnpm --filter @payments-connect/client generate\`.
 */

${body}
/** Matches \`METHOD /path?query\` of a request for any of SANDBOX_ONLY_OPERATIONS. */
export const SANDBOX_ONLY_REQUEST = /${sandboxOnlyRequest}/;
`;
}

await writeOrCheckGenerated(
  {
    file: new URL('../src/generated/spec-constants.ts', import.meta.url),
    name: 'packages/client/src/generated/spec-constants.ts',
    regenerate: 'pnpm --filter @payments-connect/client generate',
  },
  generate,
);

#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
// Writes src/generated/spec-constants.ts: the few facts of the bundled spec the client needs at run time
// (server URLs, the token path, the sandbox-only operations). Reading them from the spec rather than
// typing them by hand keeps the client in step with the contract. The output is committed so reviewers see it
// change with the spec; `--check` fails when the committed file is stale (CI runs it after the build).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const specPath = require.resolve('@payments-connect/openapi/openapi.json');
const outFile = fileURLToPath(new URL('../src/generated/spec-constants.ts', import.meta.url));
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// The interface document names its servers `{base_url}` (production) and `{sandbox_base_url}` (sandbox).
const ENVIRONMENT_BY_SERVER_VARIABLE = { base_url: 'production', sandbox_base_url: 'sandbox' };

function fail(message) {
  throw new Error(`generate-spec-constants: ${message}`);
}

/** Resolves a server URL template with the defaults of its variables. */
function serverUrl(server) {
  return server.url.replace(
    /\{([^}]+)\}/g,
    (_, name) => server.variables?.[name]?.default ?? fail(`no default for {${name}}`),
  );
}

function serverUrlsByEnvironment(servers) {
  const urls = {};
  for (const server of servers ?? []) {
    for (const [variable, environment] of Object.entries(ENVIRONMENT_BY_SERVER_VARIABLE)) {
      if (server.url.includes(`{${variable}}`)) urls[environment] = serverUrl(server);
    }
  }
  for (const environment of Object.values(ENVIRONMENT_BY_SERVER_VARIABLE)) {
    if (!urls[environment]) fail(`the spec's servers have no ${environment} server`);
  }
  return urls;
}

function* operationsOf(spec) {
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      if (item[method]) yield { key: `${method.toUpperCase()} ${path}`, method, path, operation: item[method] };
    }
  }
}

/** The token operation is the one operation that opts out of the bearer scheme (`security: []`). */
function tokenPath(operations) {
  const open = operations.filter(
    ({ operation }) => Array.isArray(operation.security) && operation.security.length === 0,
  );
  if (open.length !== 1 || open[0].method !== 'post') fail('expected exactly one POST operation with `security: []`');
  return open[0].path;
}

/** Renders the constants module for the bundled spec. */
export async function generate() {
  const spec = JSON.parse(await readFile(specPath, 'utf8'));
  const operations = [...operationsOf(spec)];
  const keysWhere = (predicate) => operations.filter(predicate).map(({ key }) => key);
  const constants = {
    SERVER_URLS: serverUrlsByEnvironment(spec.servers),
    TOKEN_PATH: tokenPath(operations),
    SANDBOX_ONLY_OPERATIONS: keysWhere(({ operation }) => operation['x-sandbox-only'] === true),
  };
  // One pattern for all of them, matched against `METHOD /path?query` of a request: path parameters never hold
  // a `/` (openapi-fetch percent-encodes them), and the paths hold no other regex syntax (checked).
  if (constants.SANDBOX_ONLY_OPERATIONS.some((key) => /[.*+?^$()|[\]\\]/.test(key))) fail('regex syntax in a path');
  const alternatives = constants.SANDBOX_ONLY_OPERATIONS.map((key) => key.replace(/\{[^}]+\}/g, '[^/?]+'));
  const sandboxOnlyRequest = `^(?:${alternatives.join('|')})(?:\\?|$)`.replaceAll('/', '\\/');
  const docs = {
    SERVER_URLS: "URL of each environment: the spec's `servers`, variables resolved to their (placeholder) defaults.",
    TOKEN_PATH: 'Path of the token exchange, the one operation with `security: []`.',
    SANDBOX_ONLY_OPERATIONS: '`METHOD /path` of every operation marked `x-sandbox-only: true`.',
  };
  const body = Object.entries(constants)
    .map(
      ([name, value]) => `/** ${docs[name]} */\nexport const ${name} = ${JSON.stringify(value, null, 2)} as const;\n`,
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

/** The committed version of the output: the git index, so a staged regeneration counts as committed. */
async function committedOutput() {
  try {
    return execFileSync('git', ['show', ':./spec-constants.ts'], {
      cwd: new URL('../src/generated/', import.meta.url),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return readFile(outFile, 'utf8').catch(() => ''); // outside a git checkout
  }
}

const fresh = await generate();
if (process.argv.includes('--check')) {
  if ((await committedOutput()) !== fresh) {
    console.error(
      'packages/client/src/generated/spec-constants.ts is stale: it does not match the bundled spec.\n' +
        'Run `pnpm --filter @payments-connect/client generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('packages/client/src/generated/spec-constants.ts matches the bundled spec.');
} else {
  await mkdir(new URL('../src/generated/', import.meta.url), { recursive: true });
  await writeFile(outFile, fresh);
  console.log(`wrote ${outFile}`);
}

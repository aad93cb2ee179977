import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Absolute path of the bundled OpenAPI document served by default.
 * Resolved through the `@payments-connect/openapi` dependency (never a path into a repository) so the
 * mock works the same when installed from the registry.
 * @returns {string}
 */
export function bundledSpecPath() {
  // JSON rather than YAML: Prism parses it about a quarter faster, which counts towards the start time.
  return require.resolve('@payments-connect/openapi/openapi.json');
}

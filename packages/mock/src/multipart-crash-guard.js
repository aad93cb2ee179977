import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const GUARDED = Symbol.for('payments-connect.mock.multipart-guard');

/**
 * Keeps a malformed multipart body from killing the mock.
 *
 * Prism 5.12 hands multipart bodies to `parse-multipart-data`, which throws on some malformed part
 * headers (stoplightio/prism#2672); the throw escapes Prism's promise chain and ends the process. A CI
 * mock that dies on one bad upload is worse than one that answers it, so the parser is wrapped: a body
 * it cannot parse counts as having no parts, and Prism answers with the spec's validation error.
 */
export function guardMultipartParser() {
  // Resolved from Prism's own location so that the module instance patched is the one Prism calls.
  const prismRequire = createRequire(require.resolve('@stoplight/prism-http'));
  const parser = prismRequire('parse-multipart-data');
  if (parser[GUARDED]) return;
  const parse = parser.parse;
  parser.parse = (body, boundary) => {
    try {
      return parse(body, boundary);
    } catch {
      return [];
    }
  };
  parser[GUARDED] = true;
}

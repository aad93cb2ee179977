import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { RefusalError } from '../control/refusal-error.js';
import { DOCS_PATH } from './default-addresses.js';
import { sendRefusal } from './pipeline/send-answer.js';

export { DOCS_PATH } from './default-addresses.js';

/**
 * @typedef {import('../contract.js').Contract} Contract
 */

/** The rendered reference, as `@payments-connect/docs` publishes it. */
export const PUBLISHED_DOCS_PAGE = '@payments-connect/docs/index.html';

/** The methods the page answers; anything else is refused 405. */
const DOCS_METHODS = ['GET', 'HEAD'];

/**
 * The header of the page's answer that lists the `Prefer` preferences the server honours (`code, example, dynamic,
 * seed` on the mock), absent on a server that honours none (the emulator answers from its state). The page's console
 * asks for it (`HEAD /_docs`) and offers a `Prefer` field only where it is honoured; no `X-` prefix (RFC 6648).
 */
export const PREFERENCES_HONOURED_HEADER = 'Preferences-Honoured';

/**
 * The page of `@payments-connect/docs` as a package that depends on it finds it (the mock, the emulator), or
 * undefined when it is not there: in this repository, before the docs are built, a server then serves no `/_docs`.
 * Installed from npm, the page is always there. This package names the docs without depending on them: the docs
 * are built from the contract model.
 * @param {string | URL} from the `import.meta.url` of a module of the package that depends on the docs
 * @returns {string | undefined}
 */
export function installedDocsPage(from) {
  try {
    return createRequire(from).resolve(PUBLISHED_DOCS_PAGE);
  } catch {
    return undefined;
  }
}

/**
 * Serves one HTML page at {@link DOCS_PATH}: the rendered reference, whose Try it console then calls the server on
 * its own origin. GET and HEAD only; `/_docs/` (or any other spelling of the path, `/%5Fdocs`) is redirected to
 * `/_docs` with its query, so that a page has one address; any other path under it is 404. The file is read at each
 * request, so that a page built again shows at the next reload; it must exist when the server starts. Refusals are
 * the service's error envelope, like every other answer of the server. The page's answer says which `Prefer`
 * preferences the server honours ({@link PREFERENCES_HONOURED_HEADER}), to a page on any origin: the reference opened
 * from a file asks the server it is about to call.
 * @param {Contract} contract gives the code of each error status, and must have no path under {@link DOCS_PATH}
 * @param {string} page the HTML file to serve
 * @param {{ preferences?: readonly string[] }} [server] what the server honours: its `Prefer` preferences
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   target: { segments: string[], query: URLSearchParams }) => Promise<void>}
 * @throws {Error} when a path of the contract starts with {@link DOCS_PATH}, or the page is not a file
 */
export function createDocsPage(contract, page, { preferences = [] } = {}) {
  const taken = contract.operations.find(({ path }) => path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`));
  if (taken) throw new Error(`cannot serve the docs at ${DOCS_PATH}: the contract has the path ${taken.path}`);
  if (!statSync(page, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`cannot serve the docs at ${DOCS_PATH}: ${page} is not a file`);
  }
  return async (request, response, { segments, query }) => {
    try {
      if (segments.length > 1) throw new RefusalError(404, `no page at ${request.url}; the reference is ${DOCS_PATH}`);
      const method = request.method ?? 'GET';
      if (!DOCS_METHODS.includes(method)) {
        const allowed = DOCS_METHODS.join(', ');
        throw new RefusalError(405, `${method} is not allowed on ${DOCS_PATH}; allowed: ${allowed}`, {
          headers: { Allow: allowed },
        });
      }
      if (request.url?.split('?')[0] !== DOCS_PATH) {
        const search = query.size > 0 ? `?${query}` : '';
        response.writeHead(308, { Location: `${DOCS_PATH}${search}`, 'Content-Length': 0 }).end();
        return;
      }
      const html = await readFile(page);
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': html.length,
        // A page built again shows at the next reload.
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...(preferences.length > 0 ? { [PREFERENCES_HONOURED_HEADER]: preferences.join(', ') } : {}),
        // The page is public: any page may read it, and what the server honours (nothing else is exposed).
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': PREFERENCES_HONOURED_HEADER,
      });
      response.end(method === 'HEAD' ? undefined : html);
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      // A body sent with a refused request is never read: close in stages after the answer.
      sendRefusal(response, error.toRefusal(contract), { closeConnection: !request.complete });
    }
  };
}

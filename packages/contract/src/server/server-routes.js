import { answerCrossOrigin } from './cross-origin.js';
import { createDocsPage, DOCS_PATH } from './docs-page.js';
import { serveControlApi } from './serve-control-api.js';

/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../contract.js').ParsedTarget} ParsedTarget
 * @typedef {import('../contract.js').InvalidTarget} InvalidTarget
 * @typedef {import('../control/bind-control-routes.js').ControlApi} ControlApi
 */

/**
 * @typedef {object} ServerRouteSettings
 * @property {Contract} contract
 * @property {ControlApi} [control] the server's control routes, under their prefix
 * @property {string} [docsPage] an HTML file (the rendered reference) served at `/_docs`
 * @property {readonly string[]} [preferences] the `Prefer` preferences the server honours, named by its `/_docs` page
 * @property {number} maxControlBodyBytes
 * @property {() => { port: number, host: string }} address where the server listens, for its control routes
 */

/**
 * The requests that are the server's own, not the contract's, taken at the target stage before any check: its control
 * API under its prefix (`serve-control-api.js`), the rendered reference at `/_docs` (`docs-page.js`), and a CORS
 * preflight (`cross-origin.js`, which also lets any page read the answers of the rest). None is judged by the contract
 * nor journaled.
 * @param {ServerRouteSettings} settings
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   target: ParsedTarget | InvalidTarget) => Promise<void> | boolean} a promise of the answer of a route of the
 *   server's own (true for a preflight, answered), false for a request of the contract
 * @throws {Error} when the control prefix is `/_docs`, or the docs page cannot be served
 */
export function createServerRoutes({ contract, control, docsPage, preferences, maxControlBodyBytes, address }) {
  const controlSegment = control?.prefix.slice(1);
  if (control && control.prefix === DOCS_PATH) throw new Error(`the control prefix cannot be ${DOCS_PATH}`);
  const serveControl = control && serveControlApi(contract, control, { maxControlBodyBytes, address });
  const docsSegment = DOCS_PATH.slice(1);
  const serveDocs = docsPage === undefined ? undefined : createDocsPage(contract, docsPage, { preferences });
  return (request, response, target) => {
    if (target.valid) {
      const [first] = target.segments;
      if (serveControl && first === controlSegment) return serveControl(request, response, target.query);
      if (serveDocs && first === docsSegment) return serveDocs(request, response, target);
    }
    return request.headersDistinct.origin !== undefined && answerCrossOrigin(contract, request, response);
  };
}

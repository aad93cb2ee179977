import { createContract } from '@payments-connect/contract';
import document from '@payments-connect/openapi/openapi.json' with { type: 'json' };

/** @type {import('@payments-connect/contract').Contract | undefined} */
let contract;

/**
 * The contract of the bundled description of `@payments-connect/openapi`, made once, on first use. The document is
 * imported as a JSON module rather than read from a file: a bundler puts it into the page, so that the handlers and
 * fixtures run in a browser as they do in Node.
 * @returns {import('@payments-connect/contract').Contract}
 */
export function bundledContract() {
  contract ??= createContract(document);
  return contract;
}

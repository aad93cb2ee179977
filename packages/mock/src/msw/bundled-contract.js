import { bundledDocument, validators } from '@payments-connect/contract/bundled';
import { createContract } from '@payments-connect/contract/fetch';

/** @type {import('@payments-connect/contract').Contract | undefined} */
let contract;

/**
 * The contract of the bundled description of `@payments-connect/openapi`, made once, on first use, with the
 * validators its build compiled (`@payments-connect/contract/bundled`): nothing is compiled as it runs, and nothing of
 * Node's is loaded, so that a bundler puts the handlers and fixtures into a page that runs them under a strict
 * Content-Security-Policy as they run in Node.
 * @returns {import('@payments-connect/contract').Contract}
 */
export function bundledContract() {
  contract ??= createContract(bundledDocument(), { validators });
  return contract;
}

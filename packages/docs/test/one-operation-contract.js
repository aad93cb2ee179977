import { createContract } from '@payments-connect/contract';

/**
 * A contract of one operation, for the cases the bundled spec does not have (a missing example, a quote in a
 * body): the modules take the model's operations, so the tests build them the way the model does.
 * @param {object} options
 * @param {string} options.path The path template.
 * @param {string} options.method Lower case, as a path item holds it.
 * @param {any} options.operation The Operation Object.
 * @param {any[]} [options.servers] The document's servers.
 */
export function oneOperationContract({ path, method, operation, servers = [{ url: 'https://x.example' }] }) {
  const contract = createContract({
    openapi: '3.1.0',
    info: { title: 'One operation', version: '1' },
    servers,
    paths: { [path]: { [method]: operation } },
  });
  return { contract, entry: contract.operations[0] };
}

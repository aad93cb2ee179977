/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractServer} ContractServer
 */

/**
 * Writes each server's URL with its variables at their defaults. The spec's URLs are nothing but a variable
 * (`{base_url}`, as the interface document names its servers), which Redoc resolves against the page's own address
 * before it fills the variable in: `file:///…/{base_url}/v1/…`. Mutates the contract's document; call it after
 * whatever reads the templates (the overview's server list).
 * @param {Contract} contract The contract of a copy of the bundled document.
 * @returns {string[]} The URLs written, document servers first.
 */
export function showDefaultServerUrls(contract) {
  const { document } = contract;
  /** @type {string[]} */
  const written = [];
  /**
   * @param {any[] | undefined} raw The Server Objects as written.
   * @param {ContractServer[]} described The same servers as the model reads them, in the same order.
   */
  const expand = (raw, described) => {
    for (const [index, server] of (raw ?? []).entries()) {
      const { defaultUrl } = described[index] ?? {};
      if (!defaultUrl || /\{[^}]*\}/.test(defaultUrl))
        throw new Error(`Server ${server.url} has a variable without a default`);
      server.url = defaultUrl;
      delete server.variables;
      written.push(defaultUrl);
    }
  };
  expand(document.servers, contract.servers);
  const expanded = new Set([document.servers]);
  for (const entry of contract.operations) {
    // The model gives an operation the servers of the operation, else of its path, else of the document.
    const raw = entry.operation.servers ?? entry.pathItem.servers;
    if (raw && !expanded.has(raw)) {
      expanded.add(raw);
      expand(raw, entry.servers);
    }
  }
  return written;
}

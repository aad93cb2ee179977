/**
 * Calls the emulator as a service pointed at a tenant would: with a token for the tenant's credentials, fetched on the
 * first call, and the tenant's primary account.
 * @param {string} url the emulator's
 * @param {import('../../src/index.js').Tenant} tenant
 * @returns {(method: string, path: string, json?: unknown) => Promise<{ status: number, body: any }>}
 */
export function callAsTenant(url, tenant) {
  /** @type {Promise<string> | undefined} */
  let token;
  const tokenOf = async () => {
    const response = await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tenant.credentials),
    });
    return /** @type {string} */ ((await response.json()).access_token);
  };
  return async (method, path, json) => {
    token ??= tokenOf();
    /** @type {Record<string, string>} */
    const headers = { authorization: `Bearer ${await token}`, AccountId: tenant.accounts.primary.accountId };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const body = json === undefined ? undefined : JSON.stringify(json);
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
}

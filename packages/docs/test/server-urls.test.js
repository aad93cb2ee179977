import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { showDefaultServerUrls } from '../src/server-urls.js';

describe('showDefaultServerUrls', () => {
  it('writes every server of the spec, the operations own included, as its default URL', () => {
    const published = loadBundledDocument();
    const contract = createContract(structuredClone(published));
    const written = showDefaultServerUrls(contract);
    const defaults = published.servers.map(
      (/** @type {any} */ server) => Object.values(server.variables).map((/** @type {any} */ v) => v.default)[0],
    );
    expect(written.slice(0, 2)).toEqual(defaults);
    expect(written.length).toBeGreaterThan(2); // the sandbox-only operations list their own server
    const text = JSON.stringify(contract.document);
    expect(text).not.toMatch(/"url":"\{/);
    for (const entry of contract.operations) {
      const raw = entry.operation.servers ?? entry.pathItem.servers ?? contract.document.servers;
      expect(raw.map((/** @type {any} */ server) => server.url)).toEqual(entry.servers.map((s) => s.defaultUrl));
    }
    expect(published.servers[0].url).toBe('{base_url}');
  });

  it('refuses a variable without a default rather than show a template', () => {
    const contract = createContract({ openapi: '3.1.0', servers: [{ url: '{host}/api', variables: { host: {} } }] });
    expect(() => showDefaultServerUrls(contract)).toThrow(/without a default/);
  });
});

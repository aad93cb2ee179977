import { bundledSpecPath } from './bundled-spec.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';
import { startEnvelopeProxy } from './envelope-proxy.js';
import { startPrismServer } from './prism-server.js';

/**
 * @typedef {object} ServeMockOptions
 * @property {number} [port] public port; 0 picks a free one
 * @property {string} [host]
 * @property {boolean} [dynamic] answer with data generated from the schemas instead of the named examples
 * @property {string} [seed] makes `dynamic` answers repeatable
 * @property {string} [spec] OpenAPI document to serve instead of the bundled one
 */

/**
 * Runs the mock in this process: Prism over the spec, behind the envelope proxy.
 * @param {ServeMockOptions} [options]
 * @returns {Promise<{ url: string, port: number, specPath: string, close(): Promise<void> }>}
 *   Rejects with a readable message when the port is taken or Prism refuses the spec.
 */
export async function serveMock({ port = DEFAULT_PORT, host = DEFAULT_HOST, dynamic = false, seed, spec } = {}) {
  const specPath = spec ?? bundledSpecPath();
  let prismReady;
  const upstream = new Promise((resolve, reject) => {
    prismReady = { resolve, reject };
  });
  // The proxy binds first: a port in use is reported at once, not after Prism has loaded.
  const proxy = await startEnvelopeProxy({ port, host, upstream });
  let prism;
  try {
    prism = await startPrismServer({ specPath, dynamic, seed });
  } catch (error) {
    prismReady.reject(error);
    await proxy.close();
    throw error;
  }
  prismReady.resolve(prism);
  return {
    url: proxy.url,
    port: proxy.port,
    specPath,
    close: async () => {
      await proxy.close();
      await prism.close();
    },
  };
}

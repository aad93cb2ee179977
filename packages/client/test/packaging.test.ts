import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultServer, startFaultServer } from './fault-server.js';

// Reads and runs the build output (`pnpm build` runs before `pnpm test` under turbo).
const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8');
const run = promisify(execFile);

describe('the published package', () => {
  it('needs nothing at run time but openapi-fetch, which the CommonJS build carries inside', async () => {
    const esm = await read('dist/index.js');
    const cjs = await read('dist/index.cjs');
    expect([...esm.matchAll(/^import .* from "([^"]+)";?$/gm)].map(([, from]) => from)).toEqual(['openapi-fetch']);
    // openapi-fetch's CommonJS default export does not survive Node's interop (see tsup.config.ts): bundled in.
    expect([...cjs.matchAll(/require\("([^"]+)"\)/g)].map(([, from]) => from)).toEqual([]);
  });

  it('lists only openapi-fetch and the type-only @payments-connect/types as dependencies', async () => {
    const { dependencies, sideEffects } = JSON.parse(await read('package.json')) as {
      dependencies: Record<string, string>;
      sideEffects: boolean;
    };
    expect(Object.keys(dependencies).sort()).toEqual(['@payments-connect/types', 'openapi-fetch']);
    expect(sideEffects).toBe(false);
    // The types package ships declarations only: nothing of it runs.
    const typeImports = [...(await read('dist/index.d.ts')).matchAll(/from '([^']+)'/g)].map(([, from]) => from);
    expect([...new Set(typeImports)].sort()).toEqual(['@payments-connect/types', 'openapi-fetch']);
  });
});

/** A consumer process runs in a few hundred ms; a busy CI machine may take many times that. */
const CONSUMER_TIMEOUT_MS = 30_000;

describe('the built package in a consumer process, against a server on 127.0.0.1', {
  timeout: CONSUMER_TIMEOUT_MS,
}, () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.close());

  it.each(['consumer.cjs', 'consumer.mjs'])('%s gets a token, then its answer', async (consumer) => {
    const before = server.requests.length;
    const options = { baseUrl: server.url, clientId: 'id', clientSecret: 'secret', accountId: 'account-1' };
    const { stdout } = await run(process.execPath, [new URL(`consumers/${consumer}`, import.meta.url).pathname], {
      env: { ...process.env, CLIENT_OPTIONS: JSON.stringify(options) },
    });
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      data: { ok: true, method: 'GET', url: '/v1/rfi?includeTerminal=true' },
    });
    const [token, call] = server.requests.slice(before);
    expect(token?.url).toBe('/auth/token');
    expect(call?.headers.accountid).toBe('account-1');
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

// Reads the build output (`pnpm build` runs before `pnpm test` under turbo).
const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the published package', () => {
  it('needs nothing at run time but openapi-fetch', async () => {
    const esm = await read('dist/index.js');
    const cjs = await read('dist/index.cjs');
    expect([...esm.matchAll(/^import .* from "([^"]+)";?$/gm)].map(([, from]) => from)).toEqual(['openapi-fetch']);
    // The CommonJS build bundles openapi-fetch in (tsup.config.ts says why): it requires nothing at all.
    expect([...new Set([...cjs.matchAll(/require\("([^"]+)"\)/g)].map(([, from]) => from))]).toEqual([]);
  });

  it('lists only openapi-fetch and the type-only @payments-connect/types as dependencies', async () => {
    const { dependencies, sideEffects } = JSON.parse(await read('package.json')) as {
      dependencies: Record<string, string>;
      sideEffects: boolean;
    };
    expect(Object.keys(dependencies).sort()).toEqual(['@payments-connect/types', 'openapi-fetch']);
    expect(sideEffects).toBe(false);
    // The types package ships declarations and an empty module: nothing of it runs.
    const typeImports = [...(await read('dist/index.d.ts')).matchAll(/from '([^']+)'/g)].map(([, from]) => from);
    expect([...new Set(typeImports)].sort()).toEqual(['@payments-connect/types', 'openapi-fetch']);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('the public API', () => {
  it('exports at run time exactly what the generated declarations declare (pnpm build writes them)', () => {
    const declarations = readFileSync(new URL('../dist/types/index.d.ts', import.meta.url), 'utf8');
    const reexported = [...declarations.matchAll(/^export \{([^}]+)\} from/gm)].flatMap((m) =>
      String(m[1])
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
    expect(reexported.sort()).toEqual(Object.keys(api).sort());
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

const REFERENCE = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');

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

  it("is what the reference's table of exports names, no more and no less", () => {
    const table = REFERENCE.slice(REFERENCE.indexOf('## Exports'), REFERENCE.indexOf('## Control API'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) => [...String(row.split('|')[1]).matchAll(/`(\w+)/g)].map((m) => String(m[1])));
    expect(named.sort()).toEqual(Object.keys(api).sort());
  });
});

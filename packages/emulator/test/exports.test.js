import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('the public API', () => {
  it('exports at run time exactly what the hand-written index.d.ts declares', () => {
    const declarations = readFileSync(new URL('../src/index.d.ts', import.meta.url), 'utf8');
    const declared = [...declarations.matchAll(/^export (?:declare )?(?:function|const) (\w+)/gm)].map((m) => m[1]);
    expect(declared.sort()).toEqual(Object.keys(api).sort());
  });
});

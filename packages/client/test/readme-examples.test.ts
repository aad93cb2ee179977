import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('../', import.meta.url);

/** The ```ts blocks of the README, keyed by the `// examples/<file>.ts` line that opens each. */
async function readmeExamples(): Promise<Map<string, string>> {
  const readme = await readFile(new URL('README.md', packageDir), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code!);
  return new Map(blocks.map((code) => [code.match(/^\/\/ (examples\/\S+\.ts)\n/)?.[1] ?? '(no file line)', code]));
}

describe('README examples', () => {
  it('are, each, the content of a type-checked file in examples/', async () => {
    const examples = await readmeExamples();
    expect([...examples.keys()]).not.toContain('(no file line)');
    for (const [file, code] of examples) {
      expect(code, file).toBe(await readFile(new URL(file, packageDir), 'utf8'));
    }
  });

  it('cover every file in examples/', async () => {
    const files = (await readdir(new URL('examples/', packageDir))).map((name) => `examples/${name}`);
    expect([...(await readmeExamples()).keys()].sort()).toEqual(files.sort());
  });
});

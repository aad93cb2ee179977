import { readFile } from 'node:fs/promises';
import { loadBundledDocument, openEnumValues } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';

const generated = await readFile(new URL('../src/openapi.ts', import.meta.url), 'utf8');
const spec = loadBundledDocument() as { components: { schemas: Record<string, unknown> } };

describe('src/openapi.ts', () => {
  it('is marked as generated', () => {
    expect(generated.startsWith('/**\n * GENERATED FILE: do not edit by hand.')).toBe(true);
  });

  it('has a named alias for every schema of the spec', () => {
    const aliases = [...generated.matchAll(/^export type (\w+) = components\['schemas'\]\['(\w+)'\];$/gm)];
    expect(aliases.every(([, alias, schema]) => alias === schema)).toBe(true);
    expect(aliases.map(([, alias]) => alias).sort()).toEqual(Object.keys(spec.components.schemas).sort());
  });

  it('keeps the documented values of every open enum beside any other string', () => {
    const openEnums = Object.entries(spec.components.schemas).flatMap(([name, schema]) => {
      const values = openEnumValues(schema);
      return values ? [{ name, values }] : [];
    });
    expect(openEnums.map(({ name }) => name)).toContain('GatewayErrorCode');
    for (const { name, values } of openEnums) {
      expect(generated).toContain(
        `${name}: ${values.map((value) => JSON.stringify(value)).join(' | ')} | (string & {});`,
      );
    }
  });

  it('types no file part as string', () => {
    expect(generated).not.toMatch(/Format: binary[^;]*?:\s*string;/);
    expect(generated.match(/Format: binary[\s\S]*?\w+: (\w+);/g)?.map((match) => match.split(': ').at(-1))).toEqual([
      'Blob;',
      'Blob;',
    ]);
  });
});

describe('README.md', () => {
  it('shows the type-checked example of test/readme-example.ts, as it is', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const example = await readFile(new URL('readme-example.ts', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});

// The README's TypeScript recipes ("Testing your service", and a test that starts from a shipped snapshot) are real
// files, test/readme/*.ts, run under `exec --journal` as a consumer's CI runs them
// (tools/release/test/readme-keep-journal.test.js).
// Here: the README shows them as they are, and they compile with TypeScript's strict settings, those of a consumer who
// turns everything on.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const FOLDER = new URL('readme/', import.meta.url);
const FILES = readdirSync(FOLDER).filter((name) => name.endsWith('.ts'));

/** The README's TypeScript blocks, each as its text. */
const blocks = [...README.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => String(match[1]));

describe("the README's vitest recipe", () => {
  it('has its three files', () => {
    expect(FILES.sort()).toEqual(['closed-case.test.ts', 'rfi-inbox.test.ts', 'vitest.config.ts']);
  });

  it.each(FILES)('shows %s as it is, in the one block that names it first', (name) => {
    const text = readFileSync(new URL(name, FOLDER), 'utf8');
    expect(blocks.filter((block) => block.startsWith(`// ${name}`))).toEqual([text]);
  });

  // A whole TypeScript program (vitest's and the client's declarations: some 360 files): about 3 s of CPU alone, and
  // many times that while the repository's other suites share the machine. The limit only ends a hang.
  it('compiles with strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes', { timeout: 300_000 }, () => {
    const program = ts.createProgram(
      FILES.map((name) => fileURLToPath(new URL(name, FOLDER))),
      {
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
    );
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});

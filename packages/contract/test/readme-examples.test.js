// The README's examples are files in examples/, and they run as a consumer's code would, by the package's name.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = new URL('../', import.meta.url);

/** The ```js blocks of the README, keyed by the `// examples/<file>.js` line that opens each. */
async function readmeExamples() {
  const readme = await readFile(new URL('README.md', packageDir), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map(([, code]) => String(code));
  return new Map(blocks.map((code) => [/^\/\/ (examples\/\S+\.js)\n/.exec(code)?.[1] ?? '(no file line)', code]));
}

/** @param {string} file */
async function runExample(file) {
  const { stdout } = await run(process.execPath, [fileURLToPath(new URL(file, packageDir))]);
  return stdout;
}

describe('README examples', () => {
  it('are, each, the content of a file in examples/, and cover every one', async () => {
    const examples = await readmeExamples();
    const files = (await readdir(new URL('examples/', packageDir))).map((name) => `examples/${name}`);
    expect([...examples.keys()].sort()).toEqual(files.sort());
    for (const [file, code] of examples) expect(code, file).toBe(await readFile(new URL(file, packageDir), 'utf8'));
  });

  it('validate-an-answer names the place in the body that breaks the contract', async () => {
    expect(await runExample('examples/validate-an-answer.js')).toContain('at /rfiId: must match format "uuid"');
  });

  it('answer-from-code answers a request that keeps the contract; the pipeline refuses one that does not', async () => {
    const output = await runExample('examples/answer-from-code.js');
    expect(output).toMatch(/^200 \{/);
    expect(output).toContain("rfiId: '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f'");
    expect(output).toContain('400 VALIDATION_FAILED');
  });

  it('control-routes calls one declared route over HTTP and in process, with the same result', async () => {
    expect((await runExample('examples/control-routes.js')).trim()).toBe("{ id: 'c 1' } { id: 'c 2' }");
  });

  it('fetch-handler answers a Request in this process as a server would, and journals it', async () => {
    expect((await runExample('examples/fetch-handler.js')).trim()).toBe('200 OPEN\n400 VALIDATION_FAILED 2');
  });
});

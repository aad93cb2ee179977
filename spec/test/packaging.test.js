// The package as another team installs and loads it: the description alone, nothing to run, nothing to install with it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundle = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8'));

/** @param {string} consumer */
async function runConsumer(consumer) {
  const { stdout } = await run(process.execPath, [fileURLToPath(new URL(`consumers/${consumer}`, import.meta.url))]);
  return JSON.parse(stdout);
}

describe('@payments-connect/openapi as published', () => {
  it('has no run-time dependencies: installing the description installs nothing else', () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.files).toEqual(expect.arrayContaining(['dist']));
  });

  it('consumer.cjs: require() of the JSON bundle by name', async () => {
    expect(await runConsumer('consumer.cjs')).toEqual({
      version: bundle.info.version,
      paths: Object.keys(bundle.paths).length,
    });
  });

  it('consumer.mjs: the YAML bundle found by name and read', async () => {
    expect(await runConsumer('consumer.mjs')).toEqual({ version: bundle.info.version, openapi: bundle.openapi });
  });

  it("the README's example, shown as it is, prints what it says; the README counts what the bundle holds", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const file = new URL('consumers/read-the-description.mjs', import.meta.url);
    const example = readFileSync(file, 'utf8');
    expect(readme).toContain(`\`\`\`js\n${example}\`\`\``);
    const { stdout } = await run(process.execPath, [fileURLToPath(file)]);
    const paths = Object.keys(bundle.paths).length;
    expect(stdout).toBe(`${bundle.info.version}\n${paths}\n`);
    const operations = Object.values(bundle.paths).flatMap((item) => Object.keys(item).filter(isMethod)).length;
    const webhooks = Object.keys(bundle.webhooks).length;
    expect(example).toContain(`// ${paths} paths, ${operations} operations, plus ${webhooks} webhooks`);
    expect(readme).toContain(`**${paths} paths, ${operations} operations and ${webhooks} webhooks**`);
  });
});

/** @param {string} key a key of a Path Item Object */
function isMethod(key) {
  return ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(key);
}

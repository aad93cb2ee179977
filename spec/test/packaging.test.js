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
});

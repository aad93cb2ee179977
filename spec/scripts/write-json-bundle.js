#!/usr/bin/env node
// Part of `pnpm build`: writes dist/openapi.json from the YAML bundle `redocly bundle` has just written, so that the
// bundler runs once, not once a format. The bytes are those `redocly bundle -o dist/openapi.json` writes (two-space
// JSON, no newline at the end); test/bundle-is-fresh.test.js compares both files with a fresh run of each.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCommandLine, runAsCommand } from '@payments-connect/repo-checks/command-line';
import { parse } from 'yaml';

const COMMAND = {
  name: 'write-json-bundle',
  usage: `usage: node scripts/write-json-bundle.js
  writes dist/openapi.json from dist/openapi.yaml (pnpm build runs it after redocly bundle)
  -h, --help   this help`,
};

const yamlPath = fileURLToPath(new URL('../dist/openapi.yaml', import.meta.url));
const jsonPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

/**
 * Writes the JSON bundle: exit 2 for any argument (it takes none), 1 when the YAML bundle is not there yet.
 * @param {string[]} args
 */
export function main(args) {
  readCommandLine(COMMAND, args);
  if (!existsSync(yamlPath)) {
    console.error(`${COMMAND.name}: ${yamlPath} is missing: bundle the spec first (pnpm build)`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(jsonPath, JSON.stringify(parse(readFileSync(yamlPath, 'utf8')), null, 2));
}

await runAsCommand(import.meta.url, main);

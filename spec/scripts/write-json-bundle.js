#!/usr/bin/env node
// Part of `pnpm build`: writes dist/openapi.json from the YAML bundle `redocly bundle` has just written, so that the
// bundler runs once, not once a format. The bytes are those `redocly bundle -o dist/openapi.json` writes (two-space
// JSON, no newline at the end); test/bundle-is-fresh.test.js compares both files with a fresh run of each.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const yamlPath = fileURLToPath(new URL('../dist/openapi.yaml', import.meta.url));
const jsonPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

writeFileSync(jsonPath, JSON.stringify(parse(readFileSync(yamlPath, 'utf8')), null, 2));

// An ES module consumer finds the YAML bundle by name and reads it, as a tool that takes a file path does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const path = createRequire(import.meta.url).resolve('@payments-connect/openapi/openapi.yaml');
const text = readFileSync(path, 'utf8');
console.log(
  JSON.stringify({ version: /^ {2}version: (.+)$/m.exec(text)?.[1], openapi: /^openapi: (.+)$/m.exec(text)?.[1] }),
);

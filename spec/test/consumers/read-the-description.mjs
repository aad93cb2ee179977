// read-the-description.mjs
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const specPath = require.resolve('@payments-connect/openapi/openapi.json');
const spec = JSON.parse(await readFile(specPath, 'utf8'));

console.log(spec.info.version); // the contract's version: this package's own
console.log(Object.keys(spec.paths).length); // 17 paths, 24 operations, plus 2 webhooks

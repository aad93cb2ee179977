#!/usr/bin/env node
// Child process of the scale benchmark: generates TypeScript types from a bundled spec with openapi-typescript's
// API and the options of packages/types/scripts/generate.mjs (root types without the Schema prefix; its
// transforms, Blob for binary fields and open enums, left out). By the bundle's file, as there: its file examples
// (externalValue) are relative to it. The API, not the CLI: the CLI looks for a redocly.yaml in the working directory
// and, finding our lint policy beside the generated spec, would lint the whole spec again and count that as type
// generation. Usage: node generate-types.js <bundled.json> <out.ts>
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const [input = '', output = ''] = process.argv.slice(2);
const ast = await openapiTS(pathToFileURL(resolve(input)), { rootTypes: true, rootTypesNoSchemaPrefix: true });
await mkdir(dirname(output), { recursive: true });
await writeFile(output, astToString(ast));

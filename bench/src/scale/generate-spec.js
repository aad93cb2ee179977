import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { HTTP_METHODS } from '@payments-connect/contract';
import YAML from 'yaml';
import { REDOCLY_CONFIG, WORKSPACE_DIRS } from '../workspace.js';
import { generateResources } from './generate-resources.js';

/** What our spec's root references: a generated spec starts as a copy of them. */
const SPEC_PARTS = ['paths', 'components', 'webhooks'];

/**
 * Writes a split spec shaped like ours with exactly `operationCount` operations under `dir`: ours as written (the root
 * a table of contents, one file per path and per component, the token and sandbox-only operations, the webhooks),
 * and generated resources up to the count (see generate-resources.js), each path file referenced from the root. Beside
 * it, `redocly.yaml`: our lint policy with its plugin paths made absolute, so that the generated spec is linted by
 * the same rules as ours.
 * @param {string} dir
 * @param {number} operationCount more than our spec has
 * @returns {Promise<{ root: string, redoclyConfig: string,
 *   operations: import('./generate-resources.js').GeneratedOperation[] }>} operations: the generated ones
 * @throws {RangeError} when the count is not an integer above our spec's operations
 */
export async function writeScaleSpec(dir, operationCount) {
  const root = YAML.parse(await readFile(join(WORKSPACE_DIRS.spec, 'openapi.yaml'), 'utf8'));
  const ours = await countOperations(WORKSPACE_DIRS.spec);
  if (!Number.isInteger(operationCount) || operationCount <= ours) {
    throw new RangeError(
      `operationCount must be an integer above our spec's ${ours} operations, got ${operationCount}`,
    );
  }
  const generated = generateResources(operationCount - ours);
  await Promise.all(
    SPEC_PARTS.map((part) => cp(join(WORKSPACE_DIRS.spec, part), join(dir, part), { recursive: true })),
  );
  root.paths = { ...root.paths, ...generated.paths };
  root.tags = [...root.tags, ...generated.tags];
  const files = new Map([...generated.files, ['openapi.yaml', root]]);
  const directories = new Set([...files.keys()].map((path) => dirname(join(dir, path))));
  await Promise.all([...directories].map((directory) => mkdir(directory, { recursive: true })));
  // No folding: long descriptions stay on one line, as a reviewer would write them.
  await Promise.all(
    [...files].map(([path, document]) => writeFile(join(dir, path), YAML.stringify(document, { lineWidth: 0 }))),
  );
  const policy = YAML.parseDocument(await readFile(REDOCLY_CONFIG, 'utf8'));
  const plugins = /** @type {any} */ (policy.get('plugins'));
  for (const [index, item] of (plugins?.items ?? []).entries()) {
    plugins.set(index, resolve(dirname(REDOCLY_CONFIG), String(item.value ?? item)));
  }
  const redoclyConfig = join(dir, 'redocly.yaml');
  await writeFile(redoclyConfig, policy.toString());
  return { root: join(dir, 'openapi.yaml'), redoclyConfig, operations: generated.operations };
}

/**
 * The operations of a split spec, counted from its files as a tool reading them would: the methods of each path
 * file the root references.
 * @param {string} dir the spec's root folder
 * @returns {Promise<number>}
 */
export async function countOperations(dir) {
  const root = YAML.parse(await readFile(join(dir, 'openapi.yaml'), 'utf8'));
  const items = await Promise.all(
    Object.values(root.paths).map(async ({ $ref }) => YAML.parse(await readFile(join(dir, $ref), 'utf8'))),
  );
  /** @type {readonly string[]} */
  const methods = HTTP_METHODS;
  return items.reduce((count, item) => count + Object.keys(item).filter((key) => methods.includes(key)).length, 0);
}

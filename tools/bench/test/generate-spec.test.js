import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HTTP_METHODS } from '@payments-connect/contract';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { FIXED_OPERATION_COUNT, generateScaleSpec, writeScaleSpec } from '../src/scale/generate-spec.js';
import { binPath } from '../src/workspace.js';

/** @type {readonly string[]} */
const METHODS = HTTP_METHODS;

/**
 * The text of a generated file, which must be there.
 * @param {Map<string, string>} files
 * @param {string} path
 */
const fileText = (files, path) => {
  const text = files.get(path);
  if (text === undefined) throw new Error(`no file ${path}`);
  return text;
};

/**
 * Operations of a generated spec counted from its files, the way a tool reading them would.
 * @param {Map<string, string>} files
 */
function countOperations(files) {
  const root = YAML.parse(fileText(files, 'openapi.yaml'));
  return Object.values(root.paths).reduce((count, { $ref }) => {
    const item = YAML.parse(fileText(files, $ref));
    return count + Object.keys(item).filter((key) => METHODS.includes(key)).length;
  }, 0);
}

describe('generateScaleSpec', () => {
  it.each([4, 11, 120])('writes exactly %i operations, each path file referenced from the root', (count) => {
    const { files, operations } = generateScaleSpec(count);
    expect(countOperations(files)).toBe(count);
    expect(operations).toHaveLength(count - FIXED_OPERATION_COUNT);
  });

  it('gives every operation its own operationId and every /v1 path the AccountId header', () => {
    const { files } = generateScaleSpec(60);
    const root = YAML.parse(fileText(files, 'openapi.yaml'));
    /** @type {string[]} */
    const ids = [];
    for (const [path, { $ref }] of Object.entries(root.paths)) {
      const item = YAML.parse(fileText(files, $ref));
      if (path.startsWith('/v1/'))
        expect(item.parameters).toContainEqual({ $ref: '../components/parameters/AccountId.yaml' });
      for (const [method, operation] of Object.entries(item))
        if (METHODS.includes(method)) ids.push(operation.operationId);
    }
    expect(new Set(ids).size).toBe(60);
  });

  it('pairs the named examples of request and response by name', () => {
    const { files, operations } = generateScaleSpec(10);
    const write = operations.find((operation) => operation.method === 'put');
    if (!write) throw new Error('no write generated');
    const item = YAML.parse(fileText(files, `paths/${write.path.slice(1).replaceAll('/', '_')}.yaml`));
    const requestNames = Object.keys(item.put.requestBody.content['application/json'].examples);
    const responseNames = Object.keys(item.put.responses['200'].content['application/json'].examples);
    expect(requestNames).toEqual(responseNames);
  });

  it('refuses a count that leaves no room for a resource', () => {
    expect(() => generateScaleSpec(FIXED_OPERATION_COUNT)).toThrow(RangeError);
    expect(() => generateScaleSpec(12.5)).toThrow(RangeError);
  });
});

describe('writeScaleSpec', () => {
  /** @type {string[]} */
  const dirs = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('writes a spec that passes our lint policy (spec/redocly.yaml and the plugin) with no problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-scale-test-'));
    dirs.push(dir);
    const spec = await writeScaleSpec(dir, 25);
    const policy = await readFile(spec.redoclyConfig, 'utf8');
    expect(policy).toMatch(/payments-connect\/documented-error-set/);
    const { stdout } = await promisify(execFile)(
      binPath('redocly'),
      ['lint', 'openapi.yaml', '--config', 'redocly.yaml', '--format', 'json'],
      { cwd: dir },
    );
    const report = JSON.parse(stdout);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 30_000);
});

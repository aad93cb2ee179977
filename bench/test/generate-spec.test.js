import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { generateResources } from '../src/scale/generate-resources.js';
import { countOperations, writeScaleSpec } from '../src/scale/generate-spec.js';
import { binPath, WORKSPACE_DIRS } from '../src/workspace.js';

describe('generateResources', () => {
  it.each([1, 2, 11, 120])('generates exactly %i operations, each path file referenced from a path', (count) => {
    const { files, paths, operations } = generateResources(count);
    expect(operations).toHaveLength(count);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(count);
    for (const { $ref } of Object.values(paths)) expect(files.has($ref)).toBe(true);
  });

  it('puts AccountId at path level, and pairs the named examples of request and response by name', () => {
    const { files, paths, operations } = generateResources(10);
    const write = operations.find((operation) => operation.method === 'put');
    if (!write) throw new Error('no write generated');
    const item = /** @type {any} */ (files.get(/** @type {{ $ref: string }} */ (paths[write.path]).$ref));
    expect(item.parameters).toContainEqual(
      expect.objectContaining({
        name: 'AccountId',
        in: 'header',
        schema: { $ref: '../components/schemas/AccountId.yaml' },
      }),
    );
    const requestNames = Object.keys(item.put.requestBody.content['application/json'].examples);
    const responseNames = Object.keys(item.put.responses['200'].content['application/json'].examples);
    expect(requestNames).toEqual(responseNames);
  });

  it('documents 409 on the writes under /v1/rfi only, as section 4 rules', () => {
    const { files, paths } = generateResources(40);
    const statuses = (/** @type {string} */ path) =>
      Object.keys(/** @type {any} */ (files.get(/** @type {{ $ref: string }} */ (paths[path]).$ref)).put.responses);
    const [rfi, other] = [Object.keys(paths).find((p) => p.startsWith('/v1/rfi/')), Object.keys(paths)[0]];
    expect(statuses(/** @type {string} */ (rfi))).toContain('409');
    expect(statuses(/** @type {string} */ (other))).not.toContain('409');
  });
});

describe('writeScaleSpec', () => {
  /** @type {string[]} */
  const dirs = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('writes ours and generated resources: exactly the operations asked for, passing our lint policy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-scale-test-'));
    dirs.push(dir);
    const ours = await countOperations(WORKSPACE_DIRS.spec);
    // 25 generated: 13 resources, the tenth under /v1/rfi beside ours.
    const spec = await writeScaleSpec(dir, ours + 25);
    expect(await countOperations(dir)).toBe(ours + 25);
    expect(spec.operations.map((operation) => operation.path)).toContain('/v1/rfi/generated/items-00010/{item00010Id}');
    expect(await readFile(spec.redoclyConfig, 'utf8')).toMatch(/payments-connect\/documented-error-set/);
    const { stdout } = await promisify(execFile)(
      binPath('redocly'),
      ['lint', 'openapi.yaml', '--config', 'redocly.yaml', '--format', 'json'],
      { cwd: dir },
    );
    const report = JSON.parse(stdout);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('refuses a count that leaves no room for a generated operation', async () => {
    const ours = await countOperations(WORKSPACE_DIRS.spec);
    await expect(writeScaleSpec(join(tmpdir(), 'never-written'), ours)).rejects.toThrow(RangeError);
    await expect(writeScaleSpec(join(tmpdir(), 'never-written'), 1000.5)).rejects.toThrow(RangeError);
  });
});

// The gate end to end, as CI runs it: a throwaway git repository holding the spec, a release tag, a
// deliberate breaking change, and changesets that do or do not cover it.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { bundleSpec } from '../src/bundle-spec.js';

const run = promisify(execFile);
const WORKSPACE = new URL('../../../', import.meta.url).pathname;
const GATE = new URL('../bin/spec-gate.js', import.meta.url).pathname;
const GIT_IDENTITY = ['-c', 'user.name=Release test', '-c', 'user.email=release-test@example.invalid'];

let repo = '';

/** Runs the gate CLI on the throwaway repository; resolves to its exit code and output. */
async function gate() {
  try {
    const { stdout } = await run(process.execPath, [GATE, '--root', repo]);
    return { code: 0, out: stdout };
  } catch (error) {
    return {
      code: /** @type {any} */ (error).code,
      out: /** @type {any} */ (error).stdout + /** @type {any} */ (error).stderr,
    };
  }
}

const git = (/** @type {string[]} */ ...args) => run('git', [...GIT_IDENTITY, ...args], { cwd: repo });
const rebuildCurrent = () => bundleSpec(join(repo, 'spec'), join(repo, 'spec/dist/openapi.json'));

/** Copies a workspace folder without its installed or built parts. */
const copySources = (/** @type {string} */ path) =>
  cp(join(WORKSPACE, path), join(repo, path), {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(source),
  });

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'spec-gate-repo-'));
  await copySources('spec');
  await copySources('tools/redocly-rules');
  await mkdir(join(repo, '.changeset'));
  await cp(join(WORKSPACE, '.changeset/config.json'), join(repo, '.changeset/config.json'));
  await git('init', '--quiet');
  await git('add', '.');
  await git('commit', '--quiet', '-m', 'spec 1.0.0');
  await rebuildCurrent();
});

afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('spec-gate CLI', () => {
  it('passes when the spec has never been released', async () => {
    const result = await gate();
    expect(result.code).toBe(0);
    expect(result.out).toContain('No release of @payments-connect/openapi yet');
  });

  it('passes when the spec is unchanged since the release tag', async () => {
    await git('tag', '@payments-connect/openapi@1.0.0');
    const result = await gate();
    expect(result).toEqual({
      code: 0,
      out: expect.stringContaining('unchanged since @payments-connect/openapi@1.0.0'),
    });
  });

  it('catches a removed operation under a minor changeset and allows it under a major one', async () => {
    const rootFile = join(repo, 'spec/openapi.yaml');
    const document = parseDocument(await readFile(rootFile, 'utf8'));
    const removedPath = /** @type {any} */ (document.get('paths')).items.at(-1).key.value;
    document.deleteIn(['paths', removedPath]);
    await writeFile(rootFile, document.toString());
    await rebuildCurrent();

    await writeFile(
      join(repo, '.changeset/remove-path.md'),
      '---\n"@payments-connect/openapi": minor\n---\n\nRemove a path.\n',
    );
    const caught = await gate();
    expect(caught.code).toBe(1);
    expect(caught.out).toMatch(
      new RegExp(`BREAKING +operation-removed +[A-Z]+ ${removedPath.replace(/[{}]/g, '\\$&')}: operation removed`),
    );
    expect(caught.out).toContain('the release declared for @payments-connect/openapi is only minor');

    await writeFile(
      join(repo, '.changeset/remove-path.md'),
      '---\n"@payments-connect/openapi": major\n---\n\nRemove a path.\n',
    );
    const allowed = await gate();
    expect(allowed.code).toBe(0);
    expect(allowed.out).toContain('OK: covered by a major release');
  });
});

// `spec-gate --consumers DIR` end to end: the CLI on two bundled specs (--base-file, --current) and a folder of
// journals, in each format, with the gate's exit code as without it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChangeCorpus } from './corpus/breaking-change-corpus.js';

const GATE = fileURLToPath(new URL('../bin/spec-gate.js', import.meta.url));
const pair = /** @type {import('./corpus/corpus-document.js').CorpusPair} */ (
  breakingChangeCorpus.find((p) => p.id === 'request property maxLength decreased')
);

let root = '';
/** @param {string[]} args @returns {Promise<{ code: number, stdout: string, stderr: string }>} */
const gate = (args) =>
  new Promise((resolve) => {
    const files = ['--root', root, '--base-file', join(root, 'base.json'), '--current', join(root, 'current.json')];
    execFile(process.execPath, [GATE, ...files, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

/** @param {Record<string, unknown>} fields */
const line = (fields) =>
  JSON.stringify({ method: 'GET', target: '/items', operationId: null, status: 200, answerBody: '[]', ...fields });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spec-gate-consumers-'));
  await mkdir(join(root, 'spec'));
  await mkdir(join(root, '.changeset'));
  await writeFile(join(root, 'spec/package.json'), '{ "name": "@payments-connect/openapi", "version": "1.0.0" }');
  await writeFile(join(root, '.changeset/shorter.md'), '---\n"@payments-connect/openapi": minor\n---\n\nShorter.\n');
  await writeFile(join(root, 'base.json'), JSON.stringify(pair.base));
  await writeFile(join(root, 'current.json'), JSON.stringify(pair.revision));
  await mkdir(join(root, 'journals'));
  const long = JSON.stringify({ value: 'thirty characters, too long!!!' });
  await writeFile(
    join(root, 'journals/checkout.jsonl'),
    [
      line({ method: 'POST', target: '/items', status: 201, requestBody: long, answerBody: '{"id":"i-1"}' }),
      '{oops',
    ].join('\n'),
  );
  await writeFile(join(root, 'journals/reporting.jsonl'), `${line({})}\n`);
  await mkdir(join(root, 'nothing'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('spec-gate --consumers', () => {
  it('names the consumer a breaking change breaks, after the verdict, with the exit code of the verdict', async () => {
    const { code, stdout } = await gate(['--consumers', join(root, 'journals')]);
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL: 1 breaking change(s), but the release declared for @payments-connect/openapi');
    expect(stdout).toContain(
      `Consumer recordings read from ${join(root, 'journals')}: checkout (1 exchange), reporting (1 exchange).\n` +
        '1 line(s) could not be read:\n  checkout.jsonl:2: not JSON (',
    );
    expect(stdout).toContain(
      [
        '  request-constraint-tightened  schema ItemInput (consumer sends) > value > maxLength',
        '    breaks 1 consumer: checkout (1 exchange)',
        '      checkout: checkout.jsonl:1 POST /items -> 201: request breaks the new spec: ' +
          'body/value must NOT have more than 20 characters',
      ].join('\n'),
    );
    expect(stdout).not.toMatch(/reporting: reporting\.jsonl/);
  });

  it('writes a pull-request comment with --format markdown, and JSON with --format json', async () => {
    const markdown = await gate(['--consumers', join(root, 'journals'), '--format', 'markdown']);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toMatch(/^## Spec gate: FAIL\n/);
    expect(markdown.stdout).toContain('| 1 consumer: checkout (1 exchange) | none |');
    const json = await gate(['--consumers', join(root, 'journals'), '--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({
      ok: false,
      changes: [{ rule: 'request-constraint-tightened' }],
      consumers: {
        consumers: [
          { name: 'checkout', exchanges: 1 },
          { name: 'reporting', exchanges: 1 },
        ],
        problems: [{ file: 'checkout.jsonl', line: 2 }],
        changes: [{ breaks: [{ consumer: 'checkout', exchanges: 1 }], exercises: [] }],
      },
    });
  });

  it('says plainly that a folder holds no journal, and still decides', async () => {
    const { code, stdout } = await gate(['--consumers', join(root, 'nothing')]);
    expect(code).toBe(1);
    expect(stdout).toContain(`No consumer recordings in ${join(root, 'nothing')}: it holds no *.jsonl file.`);
    expect(stdout).toContain('no recorded consumer exercises it; it stays breaking');
  });
});

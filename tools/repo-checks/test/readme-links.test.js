// A README ships in its package and is read where it was installed (node_modules, npm's page): every relative link in
// it must lead to a file of the package as packed, every anchor to a heading. Another package, or a file of the
// repository that is not published, is linked by absolute URL, which must name a file of the repository.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenReadmeLinks,
  headingAnchors,
  markdownLinks,
  packedFiles,
  publishedPackageDirs,
} from '../src/readme-links.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('headingAnchors', () => {
  it('gives each heading the anchor GitHub and npm give it, a repeated one numbered', () => {
    const markdown = [
      '# @payments-connect/mock',
      '## The API reference at `/_docs`',
      '### `connectEmulator(url, options?)`',
      '### Reproducible snapshots: `randomSeed`',
      '## Limits',
      '## Limits',
      '```sh',
      '# a comment in a code block, no heading',
      '```',
    ].join('\n');
    expect([...headingAnchors(markdown)]).toEqual([
      'payments-connectmock',
      'the-api-reference-at-_docs',
      'connectemulatorurl-options',
      'reproducible-snapshots-randomseed',
      'limits',
      'limits-1',
    ]);
  });
});

describe('markdownLinks', () => {
  it('finds inline links and reference definitions, not what code shows', () => {
    const markdown = [
      'See [the journal](#the-journal) and [bench](https://example.com/BENCHMARKS.md "figures").',
      'In code, `[not](a-link.md)` is text.',
      '```md',
      '[nor](this.md)',
      '```',
      '[spec]: ../../spec/README.md',
    ].join('\n');
    expect(markdownLinks(markdown)).toEqual([
      { target: '#the-journal', line: 1 },
      { target: 'https://example.com/BENCHMARKS.md', line: 1 },
      { target: '../../spec/README.md', line: 6 },
    ]);
  });
});

describe('brokenReadmeLinks', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'readme-links-'));
    /** @type {Record<string, string>} */
    const files = {
      'package.json': JSON.stringify({
        name: 'readme-links-fixture',
        version: '1.0.0',
        repository: { type: 'git', url: 'git+https://github.com/example/fixture.git' },
        files: ['dist', 'README.md', 'REFERENCE.md'],
      }),
      'REFERENCE.md': [
        '# Reference',
        '## Flags',
        '[back](README.md#options), [gone](#limits), [nor](examples/first.js)',
      ].join('\n'),
      'MAINTAINING.md': '# Maintaining',
      'dist/index.js': '',
      'examples/first.js': '',
      'README.md': [
        '# Fixture',
        '## Options',
        '[options](#options), [dist](dist/index.js), [folder](dist/), [npm](https://www.npmjs.com/package/x)',
        '[missing anchor](#limits)',
        '[not packed](examples/first.js)',
        '[another package](../emulator/README.md)',
        '[benchmarks](../../BENCHMARKS.md)',
        '[maintainers](https://github.com/example/fixture/blob/main/MAINTAINING.md),',
        '[folder](https://github.com/example/fixture/tree/main/dist#readme)',
        '[gone](https://github.com/example/fixture/blob/main/CONTRIBUTING.md)',
        '[the reference](REFERENCE.md#flags), [again](REFERENCE.md#options)',
      ].join('\n'),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('packs what npm packs: the files field, the manifest and the README', async () => {
    expect((await packedFiles(dir)).sort()).toEqual(['README.md', 'REFERENCE.md', 'dist/index.js', 'package.json']);
  });

  it('names each link that leads nowhere installed or in the repository, and why: README, reference', async () => {
    expect(await brokenReadmeLinks(dir, { repositoryRoot: dir })).toEqual([
      { target: '#limits', line: 4, problem: 'README.md has no heading #limits' },
      { target: 'examples/first.js', line: 5, problem: 'examples/first.js is not in the package as packed' },
      { target: '../emulator/README.md', line: 6, problem: 'leaves the package: link to it by absolute URL' },
      { target: '../../BENCHMARKS.md', line: 7, problem: 'leaves the package: link to it by absolute URL' },
      {
        target: 'https://github.com/example/fixture/blob/main/CONTRIBUTING.md',
        line: 10,
        problem: 'CONTRIBUTING.md is not in the repository',
      },
      { target: 'REFERENCE.md#options', line: 11, problem: 'REFERENCE.md has no heading #options' },
      // The reference the README links to, followed as the README is.
      { target: '#limits', line: 3, problem: 'REFERENCE.md has no heading #limits', file: 'REFERENCE.md' },
      {
        target: 'examples/first.js',
        line: 3,
        problem: 'examples/first.js is not in the package as packed',
        file: 'REFERENCE.md',
      },
    ]);
  });
});

describe('the README of every published package, as packed', () => {
  const dirs = publishedPackageDirs(ROOT);

  it('are the eight packages of the release group', () => {
    expect(dirs).toEqual([
      'spec',
      'packages/client',
      'packages/conformance',
      'packages/contract',
      'packages/docs',
      'packages/emulator',
      'packages/mock',
      'packages/types',
    ]);
  });

  // npm packs each in a process of its own: a few seconds of CPU in all, many more on a busy machine.
  it.each(dirs)(
    '%s: its relative links resolve in the package, its links to the repository there',
    { timeout: 120_000 },
    async (dir) => {
      expect(await brokenReadmeLinks(join(ROOT, dir), { repositoryRoot: ROOT })).toEqual([]);
    },
  );
});

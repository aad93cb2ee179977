// bundle-bin, in this process, on a package made here: its bin bundled where its package.json's `bin` points, the
// workspace's code inlined, any other package left to Node, and a build that fails when the bin's package does not
// declare what the bundle asks for. (The mock's and the emulator's bundles are run by their own tests.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as bundleBin } from '../bin/bundle-bin.js';
import { runCommandInProcess } from '../src/command-in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'bundle-bin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes files under the scratch folder. @param {Record<string, string | object>} files */
function write(files) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
}

// A workspace package the bin inlines, which asks Node for a package of its own at run time (as the contract asks
// for the YAML parser), and a third-party package the bin imports itself.
write({
  'node_modules/@payments-connect/shared/package.json': {
    name: '@payments-connect/shared',
    type: 'module',
    exports: './index.js',
    dependencies: { 'third-party': '^1.0.0' },
  },
  'node_modules/@payments-connect/shared/index.js': "export const greeting = () => 'hello from the workspace';\n",
  'node_modules/third-party/package.json': { name: 'third-party', type: 'module', exports: './index.js' },
  'node_modules/third-party/index.js': "export const answer = 'third-party answered';\n",
  'app/bin/app.js': [
    '#!/usr/bin/env node',
    "import { greeting } from '@payments-connect/shared';",
    "import { answer } from 'third-party';",
    'console.log(greeting(), answer);',
    "if (process.argv[2] === 'lazy') console.log((await import('./lazy.js')).lazy);",
    '',
  ].join('\n'),
  'app/bin/lazy.js': "export const lazy = 'loaded when asked for';\n",
});

/** The scratch package's manifest. @param {Record<string, string>} dependencies */
const app = (dependencies) =>
  write({ 'app/package.json': { name: 'app', type: 'module', bin: { app: './dist/bin/app.js' }, dependencies } });

describe('bundle-bin', () => {
  it('a wrong input is one line and exit 2: no package.json, or no bin in dist/bin/', async () => {
    write({ 'plain/package.json': { name: 'plain', bin: { plain: './bin/plain.js' } } });
    const nowhere = join(scratch, 'nowhere');
    for (const [dir, problem] of [
      [nowhere, `${nowhere}: no package.json there`],
      [join(scratch, 'plain'), `plain's package.json "bin" names nothing in dist/bin/`],
    ]) {
      const { code, stderr } = await runCommandInProcess(bundleBin, [dir]);
      expect([code, stderr.split('\n')[0]]).toEqual([2, `bundle-bin: ${problem}`]);
    }
  });

  it('bundles the bin where package.json points: marked, the workspace inlined, lazy imports apart', async () => {
    app({ '@payments-connect/shared': 'workspace:*', 'third-party': '^1.0.0' });
    const { code, stdout, stderr } = await runCommandInProcess(bundleBin, [join(scratch, 'app')]);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^app: dist\/bin\/app\.js, bundled in \d+ file\(s\)/);
    const bin = join(scratch, 'app/dist/bin/app.js');
    const text = readFileSync(bin, 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '#!/usr/bin/env node',
      expect.stringMatching(/^\/\/ GENERATED FILE/),
    ]);
    const bundle = readFileSync(join(scratch, 'app/dist/bin/bundle/app.js'), 'utf8');
    expect(bundle).toContain('hello from the workspace');
    expect(bundle).toMatch(/from "third-party"/);
    expect(bundle).not.toContain('loaded when asked for');
    expect(execFileSync(process.execPath, [bin, 'lazy'], { encoding: 'utf8' })).toBe(
      'hello from the workspace third-party answered\nloaded when asked for\n',
    );
  });

  it('fails (exit 1) when the package does not declare what the bundle asks Node for', async () => {
    app({ '@payments-connect/shared': 'workspace:*' });
    const { code, stderr } = await runCommandInProcess(bundleBin, [join(scratch, 'app')]);
    expect(code).toBe(1);
    expect(stderr).toContain('app: the bundle imports third-party, which its package.json does not declare');
    expect(stderr).toContain(
      'app: @payments-connect/shared, inlined in its bin, depends on third-party@^1.0.0: its package.json must ' +
        'declare that dependency too (it declares none)',
    );
  });
});

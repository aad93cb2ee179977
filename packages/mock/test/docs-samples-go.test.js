// The reference's Go samples (net/http) against the mock: one module that holds each sample, unchanged, as a program of
// its own (cmd/<operationId>/main.go); one `go build` compiles them all, `go vet` and `go fmt` find nothing to say,
// and each program built runs against the mock. A toolchain to install, and some 25 CPU-seconds on a cold build cache
// (10 warm): the peers tier runs them (`npm run test:peers`), where the bootstrap finds or installs Debian's golang-go
// (1.19).

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGo } from '@payments-connect/bootstrap/find-go';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, SAMPLES_DIR, sampleFiles, useSampleMock } from './docs-samples-run.js';

/**
 * The toolchain's settings: no module downloads and no toolchain switch (the module needs the standard library only),
 * no C compiler (pure Go, which any machine builds), and a build cache of this checkout's (warm after the first run,
 * gone with the clone).
 */
const GO_ENV = {
  GOFLAGS: '',
  GOPROXY: 'off',
  GOTOOLCHAIN: 'local',
  GOWORK: 'off',
  CGO_ENABLED: '0',
  GOCACHE: fileURLToPath(new URL('../test-results/go-build', import.meta.url)),
};

const samples = useSampleMock();
const module = mkdtempSync(join(tmpdir(), 'docs-samples-go-'));
afterAll(() => rmSync(module, { recursive: true, force: true }));

/** @type {string} */
let go;
beforeAll(() => {
  const found = findGo();
  if (found.path === undefined) throw new Error(found.reason);
  go = found.path;
  writeFileSync(join(module, 'go.mod'), 'module samples\n\ngo 1.19\n');
  for (const file of sampleFiles('go')) {
    const folder = join(module, 'cmd', basename(file, '.go'));
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(SAMPLES_DIR, file), join(folder, 'main.go'));
  }
});

/** @param {string} file @param {string[]} args */
const inModule = (file, args) => samples.run(file, args, { cwd: module, env: GO_ENV });

describe('the Go samples of the reference', () => {
  it('build, every one, in one go build', async () => {
    expect(sampleFiles('go')).toHaveLength(OPERATION_IDS.length);
    // Without the symbol table and DWARF, which programs run once here do not need: a third less CPU to link.
    const build = ['build', '-ldflags=-s -w', '-o', `${join(module, 'bin')}/`, './cmd/...'];
    expect(await inModule(go, build)).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  it('leave go vet and go fmt nothing to say', async () => {
    expect(await inModule(go, ['vet', './cmd/...'])).toEqual({ code: 0, stdout: '', stderr: '' });
    // go fmt rewrites the copies and names each file it changed.
    expect(await inModule(go, ['fmt', './cmd/...'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('run against the mock, each; each operation answers a success', async () => {
    /** @type {string[]} */
    const failures = [];
    await samples.expectEachOperationAnswered(async () => {
      for (const operationId of OPERATION_IDS) {
        const { code, stderr } = await samples.run(join(module, 'bin', operationId), []);
        if (code !== 0) failures.push(`${operationId}: ${stderr}`);
      }
    });
    expect(failures).toEqual([]);
  });
});

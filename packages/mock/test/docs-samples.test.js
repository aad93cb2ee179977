// The reference's samples run against the mock, as readers run what they copy: every Python sample (python3 with
// requests) in one process, every curl sample in one shell, every TypeScript sample in this process through the
// client. Each must reach its operation and get a success, the request keeping the contract; the mock's journal says
// so. Java, Kotlin and Go run in the peers tier (docs-samples-jvm.test.js, docs-samples-go.test.js), where their
// toolchains are.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, SAMPLES_DIR, sampleFiles, useSampleMock } from './docs-samples-run.js';

/** The sandbox URL the TypeScript samples give the client; a copy calls the mock instead, as the served page does. */
const PLACEHOLDER_URL = 'https://sandbox.api.payments-connect.example';
/** The copies of the TypeScript samples: inside this package, where `@payments-connect/client` resolves. */
const TS_COPIES = fileURLToPath(new URL('../test-results/docs-samples', import.meta.url));

const samples = useSampleMock();
afterAll(() => rmSync(TS_COPIES, { recursive: true, force: true }));

describe('the samples of the reference, run against the mock', () => {
  it('are seven files an operation', () => {
    for (const extension of ['ts', 'sh', 'py', 'go', 'java', 'kt', 'cs']) {
      expect(sampleFiles(extension), extension).toEqual(OPERATION_IDS.map((id) => `${id}.${extension}`).sort());
    }
  });

  it('Python (requests): every sample in one python3 process; each operation answers a success', async () => {
    const runner = [
      'import contextlib, io, runpy, sys',
      'for path in sys.argv[1:]:',
      '    with contextlib.redirect_stdout(io.StringIO()):',
      '        runpy.run_path(path, run_name="__main__")',
    ].join('\n');
    const files = sampleFiles('py').map((file) => join(SAMPLES_DIR, file));
    await samples.expectEachOperationAnswered(async () => {
      expect(await samples.run('python3', ['-c', runner, ...files])).toMatchObject({ code: 0, stderr: '' });
    });
  });

  it('curl: every sample in one shell; each operation answers a success', async () => {
    const files = sampleFiles('sh').map((file) => join(SAMPLES_DIR, file));
    const loop = 'for f in "$@"; do ( . "$f" ) > /dev/null 2>&1 || exit 1; done';
    await samples.expectEachOperationAnswered(async () => {
      expect(await samples.run('bash', ['-c', loop, 'bash', ...files])).toMatchObject({ code: 0, stderr: '' });
    });
  });

  it('TypeScript (the client): every sample in this process; each operation answers a success', async () => {
    mkdirSync(TS_COPIES, { recursive: true });
    process.env.PAYMENTS_CONNECT_CLIENT_ID = 'example-client-id';
    process.env.PAYMENTS_CONNECT_CLIENT_SECRET = 'example-client-secret';
    // The token exchange has no call of its own: the client makes it before the first call of each sample.
    await samples.expectEachOperationAnswered(async () => {
      for (const file of sampleFiles('ts')) {
        const source = readFileSync(join(SAMPLES_DIR, file), 'utf8')
          .replaceAll(`'${PLACEHOLDER_URL}'`, `'${samples.url}'`)
          .replace(/readFile\('([^']+)'\)/g, (_call, name) => `readFile(${JSON.stringify(join(samples.dir, name))})`);
        const copy = join(TS_COPIES, file);
        writeFileSync(copy, source);
        await import(pathToFileURL(copy).href);
      }
    });
  });
});

// The reference's samples run against the mock, as readers run what they copy: every Python sample (python3 with
// requests) in one process, every curl sample in one shell, every TypeScript sample in this process through the
// client. Each must reach its operation and get a success, the request keeping the contract; the mock's journal says
// so. Java runs in the peers tier (docs-samples-jvm.test.js), where the JVM is.

import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callsByOperation,
  OPERATION_IDS,
  SAMPLES_DIR,
  sampleFiles,
  startSampleMock,
  uploadFolder,
} from './docs-samples-run.js';

/** The sandbox URL the TypeScript samples give the client; a copy calls the mock instead, as the served page does. */
const PLACEHOLDER_URL = 'https://sandbox.api.payments-connect.example';
/** The copies of the TypeScript samples: inside this package, where `@payments-connect/client` resolves. */
const TS_COPIES = fileURLToPath(new URL('../test-results/docs-samples', import.meta.url));

/**
 * Runs a command to its end without blocking this process, where the mock answers it.
 * @param {string} file @param {string[]} args @param {string} cwd @param {string} baseUrl
 * @returns {Promise<{ code: number, stderr: string }>}
 */
const run = (file, args, cwd, baseUrl) =>
  new Promise((resolve) => {
    const env = { ...process.env, PAYMENTS_CONNECT_BASE_URL: baseUrl };
    execFile(file, args, { cwd, env, encoding: 'utf8', timeout: 120_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });

/** @type {Awaited<ReturnType<typeof startSampleMock>>} */
let mock;
/** @type {ReturnType<typeof uploadFolder>} */
let uploads;
beforeAll(async () => {
  mock = await startSampleMock();
  uploads = uploadFolder();
});
afterAll(async () => {
  await mock?.stop();
  uploads?.remove();
  rmSync(TS_COPIES, { recursive: true, force: true });
});

/**
 * Runs a language's samples and returns what the mock journaled meanwhile, by operation.
 * @param {() => Promise<void> | void} run
 */
async function journaled(run) {
  const before = mock.requests().length;
  await run();
  return callsByOperation(mock.requests().slice(before));
}

/** @param {Record<string, string[]>} calls @param {string[]} operationIds */
function expectSuccesses(calls, operationIds) {
  for (const operationId of operationIds) {
    expect(calls[operationId], operationId).toBeDefined();
    for (const call of calls[operationId] ?? []) expect(call, operationId).toMatch(/^2\d\d$/);
  }
  expect(calls.unmatched).toBeUndefined();
}

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
    const calls = await journaled(async () => {
      const { code, stderr } = await run('python3', ['-c', runner, ...files], uploads.dir, mock.url);
      expect([code, stderr]).toEqual([0, '']);
    });
    expectSuccesses(calls, OPERATION_IDS);
  });

  it('curl: every sample in one shell; each operation answers a success', async () => {
    const files = sampleFiles('sh').map((file) => join(SAMPLES_DIR, file));
    const loop = 'for f in "$@"; do ( . "$f" ) > /dev/null 2>&1 || exit 1; done';
    const calls = await journaled(async () => {
      const { code, stderr } = await run('bash', ['-c', loop, 'bash', ...files], uploads.dir, mock.url);
      expect([code, stderr]).toEqual([0, '']);
    });
    expectSuccesses(calls, OPERATION_IDS);
  });

  it('TypeScript (the client): every sample in this process; each operation answers a success', async () => {
    mkdirSync(TS_COPIES, { recursive: true });
    process.env.PAYMENTS_CONNECT_CLIENT_ID = 'example-client-id';
    process.env.PAYMENTS_CONNECT_CLIENT_SECRET = 'example-client-secret';
    const calls = await journaled(async () => {
      for (const file of sampleFiles('ts')) {
        const source = readFileSync(join(SAMPLES_DIR, file), 'utf8')
          .replaceAll(`'${PLACEHOLDER_URL}'`, `'${mock.url}'`)
          .replace(/readFile\('([^']+)'\)/g, (_call, name) => `readFile(${JSON.stringify(join(uploads.dir, name))})`);
        const copy = join(TS_COPIES, file);
        writeFileSync(copy, source);
        await import(pathToFileURL(copy).href);
      }
    });
    // The token exchange has no call of its own: the client makes it before the first call of each sample.
    expectSuccesses(calls, OPERATION_IDS);
  });
});

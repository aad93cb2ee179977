// The reference's Java samples (java.net.http) run against the mock as a reader runs one: `java getRfiCase.java`, the
// single-file source launch of Java 11 and later, with PAYMENTS_CONNECT_BASE_URL set to the mock. A JVM each (some
// two CPU-seconds), so the peers tier runs them (`npm run test:peers`), where the JVM is found or installed.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callsByOperation,
  OPERATION_IDS,
  SAMPLES_DIR,
  sampleFiles,
  startSampleMock,
  uploadFolder,
} from './docs-samples-run.js';

const JAVA = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
/** Two JVMs at once keep both cores busy; more only wait. */
const AT_ONCE = 2;

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
});

/** @param {string} file @returns {Promise<string>} what went wrong, or '' */
const launch = (file) =>
  new Promise((resolve) => {
    const env = { ...process.env, PAYMENTS_CONNECT_BASE_URL: mock.url };
    execFile(JAVA, [join(SAMPLES_DIR, file)], { cwd: uploads.dir, env, timeout: 120_000 }, (error, _out, stderr) =>
      resolve(error ? `${file}: ${stderr || error.message}` : ''),
    );
  });

describe('the Java samples of the reference, run against the mock', () => {
  it('launches each from its source file; each operation answers a success', async () => {
    const files = sampleFiles('java');
    expect(files).toHaveLength(OPERATION_IDS.length);
    const before = mock.requests().length;
    const failures = [];
    for (let index = 0; index < files.length; index += AT_ONCE) {
      failures.push(...(await Promise.all(files.slice(index, index + AT_ONCE).map(launch))));
    }
    expect(failures.filter(Boolean)).toEqual([]);
    const calls = callsByOperation(mock.requests().slice(before));
    for (const operationId of OPERATION_IDS) {
      expect(calls[operationId], operationId).toBeDefined();
      for (const call of calls[operationId] ?? []) expect(call, operationId).toMatch(/^2\d\d$/);
    }
  });
});

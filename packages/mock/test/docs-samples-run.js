// Running the reference's samples (@payments-connect/docs, dist/samples/<operationId>.<ext>) against the mock, as a
// reader runs one they copied: in a folder that holds the files the uploads name, with PAYMENTS_CONNECT_BASE_URL set to
// the mock. The mock's journal then says what each sample sent and what it got.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadContract } from '@payments-connect/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { startMock } from '../src/index.js';

/** The samples the docs build wrote. */
export const SAMPLES_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@payments-connect/docs/package.json')),
  'dist',
  'samples',
);

const contract = loadContract();

/** The operations the samples call, by operationId. */
export const OPERATION_IDS = contract.operations.map(({ operationId }) => operationId);

/**
 * The sample files of a language, one an operation.
 * @param {string} extension
 */
export function sampleFiles(extension) {
  return readdirSync(SAMPLES_DIR)
    .filter((file) => file.endsWith(`.${extension}`))
    .sort();
}

/**
 * A folder holding the files the examples upload (`logo.svg`, `invoice.pdf`), as the contract model sends them.
 * @returns {{ dir: string, remove: () => void }}
 */
function uploadFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'docs-samples-'));
  for (const { requestBody } of contract.operations) {
    const content = /** @type {Record<string, any>} */ (requestBody?.requestBody?.content ?? {});
    for (const [mediaType, media] of Object.entries(content)) {
      if (!mediaType.startsWith('multipart/')) continue;
      for (const named of Object.values(/** @type {Record<string, any>} */ (media.examples ?? {}))) {
        const example = contract.dereference(named).node;
        for (const part of contract.exampleParts(media, example)) {
          if (part.fileName) writeFileSync(join(dir, part.fileName), part.content);
        }
      }
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What each operation's calls got, from the journal: the statuses, and the refusals of requests that broke the
 * contract.
 * @param {import('@payments-connect/contract/server').JournalEntry[]} entries
 * @returns {Record<string, string[]>} by operationId, `200` or `400 body/answer: ...` for each call
 */
function callsByOperation(entries) {
  /** @type {Record<string, string[]>} */
  const calls = {};
  for (const { operationId, status, requestViolations } of entries) {
    const key = operationId ?? 'unmatched';
    const refused = requestViolations.map(({ location, name, message }) => ` ${location} ${name}: ${message}`);
    calls[key] = [...(calls[key] ?? []), `${status}${refused.join(';')}`];
  }
  return calls;
}

/**
 * The mock the samples of a test file call, started in this process on 127.0.0.1 before the file's tests, and the
 * folder of the files they upload, the folder they run in; both gone after the tests.
 */
export function useSampleMock() {
  /** @type {Awaited<ReturnType<typeof startMock>> | undefined} */
  let mock;
  /** @type {ReturnType<typeof uploadFolder> | undefined} */
  let uploads;
  beforeAll(async () => {
    mock = await startMock();
    uploads = uploadFolder();
  });
  afterAll(async () => {
    await mock?.stop();
    uploads?.remove();
  });
  const started = () => {
    if (!mock || !uploads) throw new Error('the sample mock is used before its beforeAll');
    return { mock, uploads };
  };
  return {
    /** The mock's URL. */
    get url() {
      return started().mock.url;
    },
    /** The folder the samples run in, which holds the files they upload. */
    get dir() {
      return started().uploads.dir;
    },
    /**
     * Runs a command to its end without blocking this process, where the mock answers it: in the uploads' folder,
     * with PAYMENTS_CONNECT_BASE_URL set to the mock.
     * @param {string} file @param {string[]} args
     * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options] another folder; more variables
     * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
     */
    run(file, args, options = {}) {
      const {
        mock: { url },
        uploads: { dir },
      } = started();
      const env = { ...process.env, ...options.env, PAYMENTS_CONNECT_BASE_URL: url };
      const cwd = options.cwd ?? dir;
      // A sample prints the answer it got: a few MB for all of them at most.
      const limits = { timeout: 300_000, maxBuffer: 64 * 1024 * 1024 };
      return new Promise((resolve) => {
        execFile(file, args, { cwd, env, encoding: 'utf8', ...limits }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    },
    /**
     * Runs a language's samples, then expects each operation's calls, as the mock journaled them meanwhile, to be
     * successes that kept the contract, and no call that matched no operation.
     * @param {() => Promise<void> | void} runSamples
     */
    async expectEachOperationAnswered(runSamples) {
      const { mock } = started();
      const before = mock.requests().length;
      await runSamples();
      const calls = callsByOperation(mock.requests().slice(before));
      for (const operationId of OPERATION_IDS) {
        expect(calls[operationId], operationId).toBeDefined();
        for (const call of calls[operationId] ?? []) expect(call, operationId).toMatch(/^2\d\d$/);
      }
      expect(calls.unmatched).toBeUndefined();
    },
  };
}

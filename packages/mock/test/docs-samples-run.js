// Running the reference's samples (@payments-connect/docs, dist/samples/<operationId>.<ext>) against the mock, as a
// reader runs one they copied: in a folder that holds the files the uploads name, with PAYMENTS_CONNECT_BASE_URL set to
// the mock. The mock's journal then says what each sample sent and what it got.

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadContract } from '@payments-connect/contract';
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
export function uploadFolder() {
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
 * The mock, started in this process on 127.0.0.1.
 */
export function startSampleMock() {
  return startMock();
}

/**
 * What each operation's calls got, from the journal: the statuses, and the refusals of requests that broke the
 * contract.
 * @param {import('@payments-connect/contract/server').JournalEntry[]} entries
 * @returns {Record<string, string[]>} by operationId, `200` or `400 body/answer: ...` for each call
 */
export function callsByOperation(entries) {
  /** @type {Record<string, string[]>} */
  const calls = {};
  for (const { operationId, status, requestViolations } of entries) {
    const key = operationId ?? 'unmatched';
    const refused = requestViolations.map(({ location, name, message }) => ` ${location} ${name}: ${message}`);
    calls[key] = [...(calls[key] ?? []), `${status}${refused.join(';')}`];
  }
  return calls;
}

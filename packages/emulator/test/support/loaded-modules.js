// Loaded with `node --import` into a process whose modules a test needs to see: each URL the ES module loader loads is
// appended, one a line, to the file LOADED_MODULES_FILE names. The same module is the hooks (in the loader's thread).
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url, { data: process.env.LOADED_MODULES_FILE });

let file = '';

/** @param {string} data the file to append to */
export function initialize(data) {
  file = data;
}

/**
 * @param {string} url
 * @param {unknown} context
 * @param {(url: string, context: unknown) => Promise<unknown>} nextLoad
 */
export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}

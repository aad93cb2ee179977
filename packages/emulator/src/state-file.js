import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reads a snapshot file (`--state`, `startEmulator({ state: path })`): its JSON, which the emulator then checks
 * whole before it restores anything.
 * @param {string | URL} file
 * @returns {unknown}
 * @throws {Error} when the file cannot be read (a failure to start: exit 1 at the command line)
 * @throws {TypeError} when it holds no JSON (a usage error: exit 2)
 */
export function readStateFile(file) {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the state snapshot ${path}: ${/** @type {Error} */ (error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    // One line: the parser's message may quote the file's text, line breaks and all.
    const reason = /** @type {Error} */ (error).message.replace(/\s+/g, ' ');
    throw new TypeError(`the state snapshot ${path} is not JSON: ${reason}`);
  }
}

/**
 * Writes a snapshot file atomically: the JSON goes to a temporary file beside it, which is then renamed over it, so
 * that a reader (or an emulator stopped halfway) never finds half a snapshot, and a write that fails leaves the file
 * that was there as it was and nothing else behind.
 * @param {string} path
 * @param {unknown} snapshot
 * @throws {Error} saying which file could not be written and why
 */
export function writeStateFile(path, snapshot) {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(snapshot, null, 2)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`cannot write the state snapshot ${path}: ${/** @type {Error} */ (error).message}`);
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesGitSees } from './source-files.js';

/** The workspace's limit, the same as Biome's `lineWidth`. */
export const MAX_LINE_LENGTH = 120;

/** Code and the hand-written spec; prose (Markdown) wraps wherever a reader's screen does. */
export const CHECKED_FILE = /\.(?:[cm]?[jt]s|json|ya?ml)$/;

/** Generated files say so in their first lines; they are not hand-formatted, so not held to the limit. */
const GENERATED_MARKER = /GENERATED FILE/;
const GENERATED_MARKER_LINES = 5;

/**
 * @typedef {object} LongLine
 * @property {string} file relative to the checked folder
 * @property {number} line 1-based
 * @property {number} length in characters (code points)
 */

/**
 * Lines longer than `max` in one file's text.
 * @param {string} text
 * @param {number} [max]
 * @returns {{ line: number, length: number }[]}
 */
export function longLinesOf(text, max = MAX_LINE_LENGTH) {
  const lines = text.split('\n');
  if (lines.slice(0, GENERATED_MARKER_LINES).some((line) => GENERATED_MARKER.test(line))) return [];
  return lines
    .map((line, index) => ({ line: index + 1, length: [...line.replace(/\r$/, '')].length }))
    .filter(({ length }) => length > max);
}

/**
 * Every line over the limit in the code files git sees below `dir` (lock files aside).
 * @param {string} dir
 * @param {number} [max]
 * @returns {LongLine[]}
 */
export function findLongLines(dir, max = MAX_LINE_LENGTH) {
  return filesGitSees(dir)
    .filter((file) => CHECKED_FILE.test(file) && !file.endsWith('pnpm-lock.yaml'))
    .filter((file) => existsSync(join(dir, file)))
    .flatMap((file) => longLinesOf(readFileSync(join(dir, file), 'utf8'), max).map((found) => ({ file, ...found })));
}

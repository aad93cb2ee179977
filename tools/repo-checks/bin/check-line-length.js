#!/usr/bin/env node
// check-line-length [DIR]: fails when a code file git sees below DIR (default: here) has a line over 120.
import { resolve } from 'node:path';
import { findLongLines, MAX_LINE_LENGTH } from '../src/line-length.js';

const dir = resolve(process.argv[2] ?? '.');
const long = findLongLines(dir);
for (const { file, line, length } of long)
  console.error(`${file}:${line}: ${length} characters (at most ${MAX_LINE_LENGTH})`);
if (long.length > 0) {
  console.error(
    `${long.length} line(s) over ${MAX_LINE_LENGTH} characters: wrap them (Biome wraps code, not strings or comments)`,
  );
  process.exit(1);
}
console.log(`no line over ${MAX_LINE_LENGTH} characters in ${dir}`);

#!/usr/bin/env node
// check-line-length [DIR]: fails when a code file git sees below DIR (default: here) has a line over 120.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCommandLine, runAsCommand, wrongInput } from '../src/command-line.js';
import { findLongLines, MAX_LINE_LENGTH } from '../src/line-length.js';

const COMMAND = {
  name: 'check-line-length',
  usage: `usage: check-line-length [DIR]
  DIR          the folder whose files git sees are checked (default: the current one)
  -h, --help   this help`,
};

/**
 * The check, as its command line asks: exit 0 with no long line, 1 with some, 2 for a DIR that is no folder.
 * @param {string[]} args
 */
export function main(args) {
  const { positionals } = readCommandLine(COMMAND, args, { positionals: 1 });
  const dir = resolve(positionals[0] ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) wrongInput(COMMAND, `${positionals[0]}: no such folder`);
  const long = findLongLines(dir);
  for (const { file, line, length } of long)
    console.error(`${file}:${line}: ${length} characters (at most ${MAX_LINE_LENGTH})`);
  if (long.length > 0) {
    console.error(
      `${long.length} line(s) over ${MAX_LINE_LENGTH} characters: ` +
        'wrap them (Biome wraps code, not strings or comments)',
    );
    process.exitCode = 1;
    return;
  }
  console.log(`no line over ${MAX_LINE_LENGTH} characters in ${dir}`);
}

await runAsCommand(import.meta.url, main);

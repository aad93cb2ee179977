// Every flag table of a published README (or of its reference) is its bin's options: each flag `--help` lists, and no
// other. A flag a CI recipe uses and the table leaves out (the emulator's --journal, once) costs a team a search.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);

/** Each bin as published (the servers': their builds' bundles), and the file and line its flag table follows. */
const TABLES = [
  {
    bin: 'packages/mock/dist/bin/payments-connect-mock.js',
    doc: 'packages/mock/REFERENCE.md',
    after: '## The command line',
  },
  {
    bin: 'packages/emulator/dist/bin/payments-connect-emulator.js',
    doc: 'packages/emulator/REFERENCE.md',
    after: '## The command line',
  },
  { bin: 'tools/release/bin/spec-gate.js', doc: 'tools/release/README.md', after: 'Options of `spec-gate.js`:' },
];

/**
 * The flags of the first table after a line of a document.
 * @param {string} doc @param {string} after
 */
function tableFlags(doc, after) {
  const text = readFileSync(new URL(doc, ROOT), 'utf8');
  const from = text.indexOf(`\n${after}\n`);
  if (from < 0) throw new Error(`${doc} has no line ${after}`);
  const lines = text.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines
    .slice(start + 2, end)
    .map((line) => /^\| `(--[a-z-]+)/.exec(line)?.[1])
    .filter((flag) => flag !== undefined && flag !== '--help');
}

/** @param {string} bin @returns {Promise<string[]>} the flags its --help lists */
function helpFlags(bin) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [fileURLToPath(new URL(bin, ROOT)), '--help'], (error, stdout) => {
      if (error) reject(error);
      else resolve([...stdout.matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm)].map(([, flag]) => String(flag)));
    });
  });
}

describe('the flag tables of the READMEs and references', () => {
  it.for(TABLES)('$doc lists every flag of $bin, and no other', async ({ bin, doc, after }) => {
    const listed = (await helpFlags(bin)).filter((flag) => flag !== '--help');
    expect(listed.length).toBeGreaterThan(0);
    expect(tableFlags(doc, after).sort()).toEqual(listed.sort());
  });
});

// The README says what is: its TypeScript recipes are the files of test/readme/ (which the keep-journal recipe's test
// runs under exec and the type check compiles) and of test/readme-msw/ (its MSW recipes: the vitest file the mock's
// own run runs, the page's module the browser test builds); and so does the reference: its journal table the journal's
// bounds (its flag table: tools/release/test/readme-flag-tables.test.js).
import { readdir, readFile } from 'node:fs/promises';
import { DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_BYTES } from '@payments-connect/contract/server';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('../', import.meta.url);
const readme = await readFile(new URL('README.md', packageDir), 'utf8');
const reference = await readFile(new URL('REFERENCE.md', packageDir), 'utf8');

/**
 * The rows of the table that follows a line of the reference, each as its cells.
 * @param {string} heading a line above the table (its section's heading, or the line that introduces it)
 */
function tableAfter(heading) {
  const from = reference.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`no line ${heading} in REFERENCE.md`);
  const lines = reference.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
}

describe('the README and its reference', () => {
  it('shows each file of test/readme/ and test/readme-msw/ as it is, under a line naming it, every one', async () => {
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => String(code));
    const shown = new Map(blocks.map((code) => [/^\/\/ ([\w.-]+\.ts)\b/.exec(code)?.[1] ?? '(no file line)', code]));
    /** @type {Map<string, URL>} each recipe file by its name, in the folder of its kind (a server's, MSW's) */
    const files = new Map();
    for (const folder of ['test/readme/', 'test/readme-msw/']) {
      for (const name of await readdir(new URL(folder, packageDir))) {
        if (name.endsWith('.ts')) files.set(name, new URL(`${folder}${name}`, packageDir));
      }
    }
    expect([...shown.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [file, code] of shown)
      expect(code, file).toBe(await readFile(/** @type {URL} */ (files.get(file)), 'utf8'));
  });

  it("gives the journal's bounds as they are defined", () => {
    expect(tableAfter('The journal keeps within bounds of its own:')).toEqual([
      [
        'requests kept in memory',
        `${DEFAULT_JOURNAL_SIZE.toLocaleString('en')} (\`--journal-size\`, \`journal.size\`)`,
        'the oldest dropped first, counted in `dropped`',
      ],
      ['a request or answer body in an entry', `${JOURNAL_BODY_BYTES / 1024} KiB`, 'cut, the entry marked `truncated`'],
    ]);
  });
});

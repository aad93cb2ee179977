import { readFile } from 'node:fs/promises';

/**
 * The block of this package's README after `<!-- output: NAME -->`, without its last newline.
 * @param {string} name
 */
export async function readmeOutput(name) {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const at = readme.indexOf(`<!-- output: ${name} -->`);
  const block = at === -1 ? undefined : /^```\n([\s\S]*?)\n^```$/m.exec(readme.slice(at))?.[1];
  if (block === undefined) throw new Error(`README.md has no block after <!-- output: ${name} -->`);
  return block;
}

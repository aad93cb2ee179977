// What a README shows a command printing is the command's output: the `text` block that follows
// `<!-- output: NAME -->`, which a test compares with a real run of the command.
import { readFileSync } from 'node:fs';

/**
 * The `text` block of a README that follows the marker `<!-- output: NAME -->`, as a reader sees it: without the
 * indent of the list item it may stand in.
 * @param {string | URL} readme the README's file
 * @param {string} name
 * @returns {string}
 */
export function readmeOutput(readme, name) {
  const text = readFileSync(readme, 'utf8');
  const marker = `<!-- output: ${name} -->`;
  const at = text.indexOf(marker);
  const block = at === -1 ? null : /\n( *)```text\n([\s\S]*?)\n\1```/.exec(text.slice(at + marker.length));
  if (!block?.[2]) throw new Error(`${String(readme)} has no \`\`\`text block after ${marker}`);
  const indent = block[1] ?? '';
  return block[2]
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

/**
 * A line with each of its numbers written N: the shape a line with counts shares with every run that prints it.
 * @param {string} line
 */
export function numbersAsN(line) {
  return line.replace(/\d+/g, 'N');
}

// The edits of a spec change's owner, as a script makes them: the spec's schema, then the examples the lint names, then
// the builders the type check names. Each takes its places from what the tool printed, as the owner would read them:
// none is a list of this repository's files kept here.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * @typedef {object} RequiredProperty the change walked: a required property added to a schema of the spec
 * @property {string} schema its name under `spec/components/schemas`
 * @property {string} property
 * @property {string} description
 * @property {string} example the value the examples brought along give it (YAML)
 */

/** @typedef {{ file: string, line: number, column: number }} Place a place a tool names, its file from the root */

/**
 * Adds the property to the schema's file, a date-time, and to the schema's `required`.
 * @param {string} root @param {RequiredProperty} change
 */
export async function requireProperty(root, { schema, property, description }) {
  const file = join(root, 'spec', 'components', 'schemas', `${schema}.yaml`);
  const text = await readFile(file, 'utf8');
  const required = /^required: \[(.*)\]$/m;
  if (!required.test(text) || !/^properties:\n/m.test(text))
    throw new Error(`${file}: no required list, no properties`);
  const block = `  ${property}:\n    type: string\n    format: date-time\n    description: ${description}\n`;
  await writeFile(
    file,
    text.replace(required, `required: [$1, ${property}]`).replace(/^properties:\n/m, `properties:\n${block}`),
  );
}

/**
 * The examples the spec's lint says lack the property (Redocly's `no-invalid-media-type-examples`): where each value
 * of the schema starts, as `components/examples/X.yaml:7:7 at #/value/items/0`.
 * @param {string} output the lint's @param {string} property @returns {Place[]} files from the root
 */
export function examplesNamed(output, property) {
  const problems = output.split(/^(?:\S+: )?\[\d+\] /m).slice(1);
  return problems
    .filter((problem) => problem.includes(`must have required property '${property}'`))
    .map((problem) => {
      const [, file, line, column] = /^(\S+\.yaml):(\d+):(\d+)/.exec(problem) ?? [];
      if (file === undefined) throw new Error(`a problem of the lint names no place: ${problem.slice(0, 200)}`);
      return { file: join('spec', file), line: Number(line), column: Number(column) };
    });
}

/**
 * Brings each example along: the property, with the change's value, on a line of its own after the first key of each
 * value named, at its column (a list item's first key included); that key's value is on its line.
 * @param {string} root @param {Place[]} places @param {RequiredProperty} change
 */
export async function bringExamplesAlong(root, places, { property, example }) {
  await insertAt(root, places, (text, at, { column }) => {
    const lineEnd = text.indexOf('\n', at);
    return { at: lineEnd + 1, insert: `${' '.repeat(column - 1)}${property}: ${example}\n` };
  });
}

/**
 * The places a type check names, each with its message (its indented lines included): `packages/x/src/y.js(216,11):
 * error TS2322: …`.
 * @param {string} output tsc's @returns {Array<Place & { message: string }>}
 */
export function typeErrors(output) {
  const errors = /^(\S+)\((\d+),(\d+)\): error (TS\d+: .*(?:\n {2}.*)*)$/gm;
  return [...output.matchAll(errors)].map(([, file, line, column, message]) => ({
    file: String(file),
    line: Number(line),
    column: Number(column),
    message: String(message),
  }));
}

/**
 * Gives each record a builder makes the property: first in the object literal the type check names, with the value the
 * builder's file gives it (a seeded time, or the tenant's time for a record made now).
 * @param {string} root @param {Place[]} places @param {string} property
 * @param {(file: string) => string} valueIn the expression of the value, in that file
 */
export async function giveBuildersTheProperty(root, places, property, valueIn) {
  await insertAt(root, places, (text, at, { file, line }) => {
    const brace = text.indexOf('{', at);
    if (brace === -1) throw new Error(`${file}:${line}: no object literal from the place the type check names`);
    return { at: brace + 1, insert: ` ${property}: ${valueIn(file)},` };
  });
}

/**
 * Inserts text at places of files, each file's from its last place to its first, so that an insertion does not move
 * the places before it.
 * @param {string} root @param {Place[]} places
 * @param {(text: string, at: number, place: Place) => { at: number, insert: string }} where the place's offset in its
 *   file's text, and what goes where
 */
async function insertAt(root, places, where) {
  for (const file of new Set(places.map((place) => place.file))) {
    let text = await readFile(join(root, file), 'utf8');
    const starts = [0, ...[...text.matchAll(/\n/g)].map((match) => Number(match.index) + 1)];
    const own = places.filter((place) => place.file === file);
    const offsets = own.map((place) => ({ place, at: Number(starts[place.line - 1]) + place.column - 1 }));
    for (const { place, at } of offsets.sort((a, b) => b.at - a.at)) {
      const edit = where(text, at, place);
      text = text.slice(0, edit.at) + edit.insert + text.slice(edit.at);
    }
    await writeFile(join(root, file), text);
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SPEC_CHANGES = fileURLToPath(new URL('../src/spec-changes', import.meta.url));
/** A relative import of a sibling module, static (`from './x.js'`) or dynamic (`import('./x.js')`). */
const SIBLING_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)['"]\.\/([\w.-]+\.js)['"]/g;

/**
 * The modules each module of a folder imports from the same folder.
 * @param {string} dir
 * @returns {Map<string, string[]>}
 */
function siblingImports(dir) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(join(dir, file), 'utf8').matchAll(SIBLING_IMPORT)].map((m) => String(m[1])),
    ]),
  );
}

/**
 * The first import cycle of a graph, as the modules along it (the first repeated at the end), or null. Depth-first:
 * a module met again while it is still on the path closes a cycle. Each module is left at most once, so the walk
 * ends after as many steps as the graph has edges.
 * @param {Map<string, string[]>} graph
 * @returns {string[] | null}
 */
function findCycle(graph) {
  /** @type {Set<string>} */
  const done = new Set();
  /** @type {string[]} */
  const path = [];
  /** @param {string} module @returns {string[] | null} */
  const visit = (module) => {
    const open = path.indexOf(module);
    if (open >= 0) return [...path.slice(open), module];
    if (done.has(module)) return null;
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(module);
    return null;
  };
  for (const module of graph.keys()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return null;
}

describe('the modules of spec-changes', () => {
  it('import one another without a cycle', () => {
    const graph = siblingImports(SPEC_CHANGES);
    expect(graph.get('schema-changes.js')).toContain('property-changes.js');
    expect(findCycle(graph)).toBeNull();
  });

  it('are read by a walk that finds a cycle when there is one', () => {
    const graph = new Map([
      ['schema.js', ['property.js', 'shapes.js']],
      ['property.js', ['constraint.js']],
      ['constraint.js', ['schema.js']],
      ['shapes.js', []],
    ]);
    expect(findCycle(graph)).toEqual(['schema.js', 'property.js', 'constraint.js', 'schema.js']);
    expect(
      findCycle(
        new Map([
          ['a.js', ['b.js']],
          ['b.js', []],
        ]),
      ),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { changesMarkdown, releaseChanges } from '../src/release-changes.js';
import { baseSpec } from './fixtures/base-spec.js';

/**
 * The changes between the fixture and a copy changed by `mutate`.
 * @param {(spec: any) => void} mutate
 */
function changesAfter(mutate) {
  const after = baseSpec();
  mutate(after);
  return releaseChanges(baseSpec(), after);
}

describe('releaseChanges', () => {
  it('lists a change no operation shows (a server removed) with no operation, rather than fail', () => {
    const changes = changesAfter((spec) => spec.servers.pop());
    expect(changes).toEqual([expect.objectContaining({ rule: 'servers-changed', operations: [] })]);
  });

  it('puts the breaking first, each with the operations it concerns', () => {
    const changes = changesAfter((spec) => {
      spec.paths['/things'].get.parameters[0].deprecated = true;
      delete spec.paths['/things/{thingId}'].get.responses['404'];
    });
    expect(changes.map(({ kind }) => kind)).toEqual(['breaking', 'non-breaking']);
    expect(changes[0]?.operations.map(({ operationId }) => operationId)).toEqual(['getThing']);
    expect(changes[1]?.operations.map(({ operationId }) => operationId)).toEqual(['listThings']);
    const markdown = changesMarkdown({ version: '1.1.0', base: 'fixture', changes });
    expect(markdown.indexOf('## Breaking')).toBeLessThan(markdown.indexOf('## Not breaking'));
    expect(markdown).toContain('- `getThing` (GET /things/{thingId}): ');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readChangesetsFor } from '../src/pending-changesets.js';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { evaluateSpecGate } from '../src/spec-gate.js';

// The real bundled spec (built before the tests run: this package depends on @payments-connect/openapi).
const released = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));

/** The deliberate breaking change: the released spec with one operation removed. */
function withoutAnOperation() {
  const spec = structuredClone(released);
  const [path, item] =
    Object.entries(spec.paths).find(
      ([, i]) => i.get && Object.keys(i).some((k) => k !== 'get' && k !== 'parameters'),
    ) ?? [];
  delete item.get;
  return { spec, removed: `GET ${path}` };
}

/** Pending changesets naming the spec package in one of the fixture folders. */
const changesetsOf = (/** @type {string} */ fixture) =>
  readChangesetsFor(new URL(`./fixtures/changesets/${fixture}`, import.meta.url).pathname);

/**
 * The gate on a spec released as 1.0.0 whose package is still at 1.0.0 (the release's version bump not made yet).
 * @param {Parameters<typeof evaluateSpecGate>[0]['changes']} changes
 * @param {Parameters<typeof evaluateSpecGate>[0]['changesets']} changesets
 */
const gateSince100 = (changes, changesets) =>
  evaluateSpecGate({ releasedVersion: '1.0.0', currentVersion: '1.0.0', changes, changesets });

const breakingChange = withoutAnOperation();
const breakingChanges = compareSpecs(released, breakingChange.spec);

describe('evaluateSpecGate', () => {
  it('classifies the removed operation as breaking', () => {
    expect(breakingChanges).toEqual([
      expect.objectContaining({ kind: 'breaking', rule: 'operation-removed', location: breakingChange.removed }),
    ]);
  });

  it('passes and says so when nothing was released yet', () => {
    const result = evaluateSpecGate({
      releasedVersion: undefined,
      currentVersion: '1.0.0',
      changes: breakingChanges,
      changesets: [],
    });
    expect(result).toMatchObject({
      ok: true,
      report: expect.stringContaining('No release of @payments-connect/openapi yet'),
      baseline: undefined,
    });
  });

  it('passes an unchanged spec', () => {
    expect(gateSince100(compareSpecs(released, released), []).ok).toBe(true);
  });

  it('fails a changed spec with no changeset for the spec package', async () => {
    const changesets = await changesetsOf('client-major'); // names the client only
    expect(changesets).toEqual([]);
    const result = gateSince100(breakingChanges, changesets);
    expect(result.ok).toBe(false);
    expect(result.report).toContain('no changeset names @payments-connect/openapi');
  });

  it('catches the breaking change under a minor changeset, listing it', async () => {
    const changesets = await changesetsOf('minor-spec');
    expect(changesets).toEqual([{ id: 'tidy-rfi-paths', type: 'minor' }]);
    const result = gateSince100(breakingChanges, changesets);
    expect(result.ok).toBe(false);
    expect(result.report).toContain(
      '1 breaking change(s), but the release declared for @payments-connect/openapi is only minor',
    );
    expect(result.report).toContain(`BREAKING      operation-removed  ${breakingChange.removed}: operation removed`);
  });

  it('allows the breaking change with a major changeset', async () => {
    const result = gateSince100(breakingChanges, await changesetsOf('major-spec'));
    expect(result.ok).toBe(true);
    expect(result.report).toContain('OK: covered by a major release (.changeset/drop-rfi-case-read.md (major))');
  });

  it('counts a version already moved by `changeset version` as declared', () => {
    const afterMajor = evaluateSpecGate({
      releasedVersion: '1.0.0',
      currentVersion: '2.0.0',
      changes: breakingChanges,
      changesets: [],
    });
    expect(afterMajor.ok).toBe(true);
    const afterMinor = evaluateSpecGate({
      releasedVersion: '1.0.0',
      currentVersion: '1.1.0',
      changes: breakingChanges,
      changesets: [],
    });
    expect(afterMinor.ok).toBe(false);
    expect(afterMinor.report).toContain('package version 1.0.0 -> 1.1.0 (minor)');
  });

  it('lets a non-breaking change through with a minor changeset', async () => {
    const added = structuredClone(released);
    added.paths['/v1/added-for-the-test'] = {
      get: { operationId: 'getAdded', responses: { 200: { description: 'OK.' } } },
    };
    const changes = compareSpecs(released, added);
    expect(changes.every((c) => c.kind === 'non-breaking')).toBe(true);
    expect(gateSince100(changes, await changesetsOf('minor-spec')).ok).toBe(true);
    expect(gateSince100(changes, []).ok).toBe(false);
  });
});

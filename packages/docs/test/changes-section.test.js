// What changed, as a consumer reads it: a scratch copy of the spec with a field removed, an operation added and a
// parameter deprecated, compared with the spec as it is by the release tools' command the spec package's build runs
// (tools/release/bin/release-changes.js, by path: the release tools read the spec through the contract model, which
// the docs cannot depend on without a cycle), then the reference built from the copy and those changes. Each change is
// in CHANGES.md and in the page's "Changes" section, breaking first, an operation of this version a link to it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledDocument } from '@payments-connect/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReference } from '../src/build-reference.js';
import { CHANGES_TITLE } from '../src/changes-section.js';

const RELEASE_CHANGES = fileURLToPath(new URL('../../../tools/release/bin/release-changes.js', import.meta.url));
const BUILD_DOCS = fileURLToPath(new URL('../scripts/build-docs.js', import.meta.url));
const SUNSET = '2027-06-30';

const work = mkdtempSync(join(tmpdir(), 'docs-changes-'));
afterAll(() => (process.env.KEEP ? 0 : rmSync(work, { recursive: true, force: true })));

/** The scratch copy: the three changes a release could bring. */
function scratchSpec() {
  const spec = structuredClone(loadBundledDocument());
  // A field removed from what consumers receive: breaking.
  const caseSchema = spec.components.schemas.RfiCase;
  delete caseSchema.properties.documentRequests;
  caseSchema.required = (caseSchema.required ?? []).filter((/** @type {string} */ name) => name !== 'documentRequests');
  // An operation added: not breaking.
  const caseItem = spec.paths['/v1/rfi/{rfiId}'];
  spec.paths['/v1/rfi/{rfiId}/notes'] = {
    parameters: structuredClone(caseItem.parameters),
    get: { ...structuredClone(caseItem.get), operationId: 'listRfiNotes', summary: 'List the notes of an RFI case' },
  };
  // A parameter deprecated, with its sunset date: not breaking.
  const list = spec.paths['/v1/rfi'].get;
  const parameter = list.parameters.find((/** @type {any} */ candidate) => candidate.name === 'includeTerminal');
  Object.assign(parameter, { deprecated: true, 'x-sunset': SUNSET });
  return spec;
}

/** @param {string[]} args */
const run = (args) => spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });

describe('the changes since the last release, in CHANGES.md and in the page', () => {
  const current = scratchSpec();
  writeFileSync(join(work, 'base.json'), JSON.stringify(loadBundledDocument()));
  writeFileSync(join(work, 'current.json'), JSON.stringify(current));
  const written = run([
    RELEASE_CHANGES,
    ...['--current', join(work, 'current.json'), '--base', join(work, 'base.json'), '--out', work],
  ]);
  const changesMd = () => readFileSync(join(work, 'CHANGES.md'), 'utf8');
  /** The reference built from the copy and its changes, once, without samples (the samples are tested apart). */
  const built = () => {
    const changes = JSON.parse(readFileSync(join(work, 'changes.json'), 'utf8'));
    return buildReference({ spec: current, outDir: join(work, 'build'), changes, languages: [] }).spec;
  };
  /** @type {any} */
  let reference;

  it('writes both files, and says what it compared', () => {
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    expect(written.stdout).toMatch(/^release-changes: \d+ change\(s\), 1 breaking, since .*base\.json\n$/);
  });

  it('lists each change in CHANGES.md, the breaking one first, with what consumers do about it', () => {
    const text = changesMd();
    const removed = text.indexOf('`schema RfiCase (consumer receives) > documentRequests`, property-removed');
    const added = text.indexOf('`listRfiNotes` (GET /v1/rfi/{rfiId}/notes): new operation');
    const deprecated = text.indexOf('marked deprecated (`GET /v1/rfi > query parameter includeTerminal`');
    for (const [what, at] of Object.entries({ removed, added, deprecated })) expect(at, what).toBeGreaterThan(0);
    expect(text.indexOf('## Breaking')).toBeLessThan(removed);
    expect(removed).toBeLessThan(text.indexOf('## Not breaking'));
    expect(text.indexOf('## Not breaking')).toBeLessThan(Math.min(added, deprecated));
    expect(text).toContain('`getRfiCase` (GET /v1/rfi/{rfiId})');
    expect(text).toContain('Stop sending and reading the field.');
  });

  it('shows the same changes in the "Changes" section, breaking first, each operation a link to it', () => {
    reference = built();
    const description = reference.info.description;
    const section = description.slice(description.indexOf(`# ${CHANGES_TITLE}\n`));
    expect(section.length).toBeLessThan(description.length);
    const removed = section.indexOf('documentRequests');
    const added = section.indexOf(
      '[`listRfiNotes`](#operation/listRfiNotes) (GET /v1/rfi/{rfiId}/notes): new operation',
    );
    const deprecated = section.indexOf('marked deprecated (`GET /v1/rfi > query parameter includeTerminal`');
    for (const [what, at] of Object.entries({ removed, added, deprecated })) expect(at, what).toBeGreaterThan(0);
    expect(section.indexOf('## Breaking changes')).toBeLessThan(removed);
    expect(removed).toBeLessThan(section.indexOf('## Other changes'));
    expect(section.indexOf('## Other changes')).toBeLessThan(Math.min(added, deprecated));
    expect(section).toContain('[`getRfiCase`](#operation/getRfiCase) (GET /v1/rfi/{rfiId})');
    // Every line of CHANGES.md, its operations linked.
    for (const line of changesMd()
      .split('\n')
      .filter((candidate) => candidate.startsWith('- '))) {
      const linked = line.replace(/`(\w+)` \((GET|PUT|POST|PATCH|DELETE) /g, '[`$1`](#operation/$1) ($2 ');
      expect(section).toContain(linked);
    }
  });

  it('marks the deprecated parameter, with its sunset date', () => {
    reference ??= built();
    const parameter = reference.paths['/v1/rfi'].get.parameters.find(
      (/** @type {any} */ candidate) => candidate.name === 'includeTerminal',
    );
    expect(parameter.deprecated).toBe(true);
    expect(parameter.description).toMatch(new RegExp(`^\\*\\*Deprecated:\\*\\* .*before its sunset, ${SUNSET}\\.`));
  });

  it('stops in one line naming a changes base it cannot read, or a sample language it does not know: exit 2', () => {
    const base = join(work, 'no-such-release.json');
    const unreadable = run([RELEASE_CHANGES, '--current', join(work, 'current.json'), '--base', base, '--out', work]);
    expect([unreadable.status, unreadable.stdout]).toEqual([2, '']);
    expect(unreadable.stderr).toBe(
      `payments-connect-release-changes: cannot read the changes base ${base}: no such file, nor a git ref of this ` +
        'repository to bundle\n',
    );
    const unknown = run([BUILD_DOCS, '--languages', 'python,cobol']);
    expect([unknown.status, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toBe(
      "build-docs: unknown sample language 'cobol': the builder knows typescript, curl, python, go, java, kotlin, " +
        'csharp\n',
    );
  });
});

// The publish round trip, run in CI: what we publish installs and works in a project that is not ours.
//  1. a real npm registry (verdaccio, pinned in the catalog) on 127.0.0.1, storage in a temp folder; our
//     scope has no uplink, other packages are proxied read-only from the npm registry;
//  2. the release rehearsed in a copy of the workspace: a changeset, `version-packages`, build, the
//     version check, `changeset publish` to that registry (the real working tree is only read);
//  3. a fresh temp project installs @payments-connect/client and @payments-connect/types with plain npm;
//  4. a consumer type-checks with moduleResolution node16 and bundler, then runs against the mock.
// The registry and the mock are stopped and the temp folders removed at the end.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConsumerProject,
  MODULE_RESOLUTIONS,
  runConsumer,
  typeCheckConsumer,
} from '../src/publish-round-trip/consumer-project.js';
import { startLocalRegistry } from '../src/publish-round-trip/local-registry.js';
import { rehearseRelease } from '../src/publish-round-trip/release-rehearsal.js';

const run = promisify(execFile);
const WORKSPACE = new URL('../../../', import.meta.url).pathname;
/** The whole trip takes about a minute on the 2-core CI machine; the limit leaves room for a busy one. */
const STEP_TIMEOUT_MS = 240_000;
const PUBLIC_PACKAGES = [
  '@payments-connect/client',
  '@payments-connect/conformance',
  '@payments-connect/mock',
  '@payments-connect/openapi',
  '@payments-connect/types',
];
const CHANGESET = '---\n"@payments-connect/client": minor\n---\n\nRelease rehearsed by the publish round trip.\n';

let temp = '';
/** @type {Awaited<ReturnType<typeof startLocalRegistry>> | undefined} */
let registry;
/** @type {Awaited<ReturnType<typeof startMock>> | undefined} */
let mock;
/** @type {Awaited<ReturnType<typeof rehearseRelease>>} */
let release;
let consumerDir = '';
let releasedVersion = '';
let realSpecVersionBefore = '';

/**
 * Logs how long a step took, for the report; nothing asserts on time.
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function timed(label, work) {
  const start = performance.now();
  const result = await work();
  console.log(`[round trip] ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

const realSpecVersion = async () => JSON.parse(await readFile(join(WORKSPACE, 'spec/package.json'), 'utf8')).version;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'publish-round-trip-'));
  realSpecVersionBefore = await realSpecVersion();
  // Each is kept as soon as it is up, so afterAll stops it even when the other one failed to start.
  const started = await timed('registry and mock started', () =>
    Promise.allSettled([
      startLocalRegistry(join(temp, 'registry')).then((r) => (registry = r)),
      startMock().then((m) => (mock = m)),
    ]),
  );
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) throw failure.reason;
}, STEP_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([registry?.stop(), mock?.stop()]);
  await rm(temp, { recursive: true, force: true });
});

describe('publish round trip through a local registry', { timeout: STEP_TIMEOUT_MS }, () => {
  it('versions, builds and publishes every public package with changesets', async () => {
    const local = registry;
    if (!local) throw new Error('no registry');
    await mkdir(join(temp, 'workspace'));
    release = await timed('release rehearsed (version, build, publish)', () =>
      rehearseRelease({
        sourceRoot: WORKSPACE,
        copyRoot: join(temp, 'workspace'),
        registry: local,
        changeset: CHANGESET,
      }),
    );
    expect(release.published.map((p) => p.name).sort()).toEqual(PUBLIC_PACKAGES);
    // The fixed group moves all five together, and the spec's info.version follows.
    releasedVersion = release.published[0]?.version ?? '';
    expect(new Set(release.published.map((p) => p.version))).toEqual(new Set([releasedVersion]));
    expect(releasedVersion).not.toBe(realSpecVersionBefore);
    expect(release.log).toContain(`info.version in spec/openapi.yaml: ${realSpecVersionBefore} -> ${releasedVersion}`);
    expect(release.tags).toEqual(expect.arrayContaining(PUBLIC_PACKAGES.map((name) => `${name}@${releasedVersion}`)));
    for (const name of PUBLIC_PACKAGES) {
      const response = await fetch(new URL(`${name.replace('/', '%2f')}/${releasedVersion}`, local.url));
      expect(response.status, `${name}@${releasedVersion} on the local registry`).toBe(200);
    }
  });

  it('left the real working tree alone', async () => {
    expect(await realSpecVersion()).toBe(realSpecVersionBefore);
    const { stdout } = await run('git', ['tag', '--list', `*@${releasedVersion}`], { cwd: WORKSPACE });
    expect(stdout.trim()).toBe('');
  });

  it('installs @payments-connect/client and @payments-connect/types with plain npm in a fresh project', async () => {
    const local = registry;
    if (!local) throw new Error('no registry');
    consumerDir = join(temp, 'consumer');
    const specs = ['@payments-connect/client', '@payments-connect/types', '@payments-connect/openapi'].map(
      (name) => `${name}@${releasedVersion}`,
    );
    const { installed } = await timed('consumer installed with npm', () =>
      createConsumerProject(consumerDir, local.url, specs).catch(async (error) => {
        // Dependencies such as openapi-fetch come through the registry's uplink: its log says why one failed.
        throw new Error(`${error.message}\nregistry log:\n${(await local.readLog()).slice(-4000)}`);
      }),
    );
    expect(installed).toEqual({
      '@payments-connect/client': releasedVersion,
      '@payments-connect/types': releasedVersion,
      '@payments-connect/openapi': releasedVersion,
    });
    // The client's own dependency on the types resolved to the release too (workspace:* was rewritten).
    const clientManifest = JSON.parse(
      await readFile(join(consumerDir, 'node_modules/@payments-connect/client/package.json'), 'utf8'),
    );
    expect(clientManifest.dependencies['@payments-connect/types']).toBe(releasedVersion);
    // The published spec carries its own version.
    const bundled = JSON.parse(
      await readFile(join(consumerDir, 'node_modules/@payments-connect/openapi/dist/openapi.json'), 'utf8'),
    );
    expect(bundled.info.version).toBe(releasedVersion);
  });

  it.each(MODULE_RESOLUTIONS)('type-checks a consumer with moduleResolution %s', async (resolution) => {
    await timed(`consumer type-checked (${resolution})`, () => typeCheckConsumer(consumerDir, resolution));
  });

  it('runs the consumer against the mock', async () => {
    if (!mock) throw new Error('no mock');
    const output = await runConsumer(consumerDir, mock.url);
    expect(output.status).toBe(200);
    expect(output.error).toBeNull();
    expect(output.rfiIds.length).toBeGreaterThan(0);
  });
});

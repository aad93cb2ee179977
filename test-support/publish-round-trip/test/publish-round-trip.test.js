// The publish round trip, run in CI: what we publish installs and works in a project that is not ours.
//  1. a real npm registry (verdaccio, pinned in the catalog) on 127.0.0.1, storage in a temp folder; our
//     scope has no uplink, other packages are proxied read-only from the npm registry;
//  2. the release rehearsed in a copy of the workspace: a changeset, `version-packages`, build, the
//     version check, `changeset publish` to that registry (the real working tree is only read);
//  3. a fresh temp project installs all eight packages with plain npm, and opens the published reference (the page of
//     @payments-connect/docs, and the same page at the installed mock's and emulator's /_docs);
//  4. a consumer type-checks with moduleResolution node16 and bundler (and with the oldest TypeScript the READMEs
//     name), then runs against the mock; a module of test helpers over every package's entry points compiles with
//     the declarations checked and its own emitted (with this workspace's TypeScript and the oldest the READMEs name);
//  5. on Node 20, 22 and 24: an ES module and a CommonJS consumer (client, mock and its control client, emulator with
//     a tenant and the journal through connectEmulator, model), the mock's and the emulator's README CI recipes
//     verbatim (exec runs the tests and stops the server), a conformance run;
//  6. the emulator through `pnpm exec`, stopped by killing pnpm.
// The registry and the mock are stopped and the temp folders removed at the end.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../src/child-env.js';
import {
  createConsumerProject,
  DECLARATIONS_PROJECT,
  MODULE_RESOLUTIONS,
  runConsumer,
  typeCheckConsumer,
} from '../src/consumer-project.js';
import { installWeights } from '../src/install-weight.js';
import { startLocalRegistry } from '../src/local-registry.js';
import { envWithNode, nodeMatrix } from '../src/node-matrix.js';
import { freePort, waitUntilClosed, waitUntilListening } from '../src/ports.js';
import { killGroup, readmeRecipe, runShellScript } from '../src/readme-recipe.js';
import { rehearseRelease } from '../src/release-rehearsal.js';

const run = promisify(execFile);
const WORKSPACE = new URL('../../../', import.meta.url).pathname;
/** The whole trip takes about a minute on the 2-core CI machine; the limit leaves room for a busy one. */
const STEP_TIMEOUT_MS = 240_000;
const PUBLIC_PACKAGES = [
  '@payments-connect/client',
  '@payments-connect/conformance',
  '@payments-connect/contract',
  '@payments-connect/docs',
  '@payments-connect/emulator',
  '@payments-connect/mock',
  '@payments-connect/openapi',
  '@payments-connect/types',
];
/** @type {Record<string, string>} where each package's README is */
const PACKAGE_FOLDERS = {
  '@payments-connect/client': 'packages/client',
  '@payments-connect/conformance': 'packages/conformance',
  '@payments-connect/contract': 'packages/contract',
  '@payments-connect/docs': 'packages/docs',
  '@payments-connect/emulator': 'packages/emulator',
  '@payments-connect/mock': 'packages/mock',
  '@payments-connect/openapi': 'spec',
  '@payments-connect/types': 'packages/types',
};
/** The oldest TypeScript the packages' READMEs promise; 5.0 to 5.3 fail on openapi-fetch's declarations. */
const MINIMUM_TYPESCRIPT = '5.4.5';
/**
 * The oldest TypeScript the READMEs of the contract, the mock and the emulator name for their declarations: they type
 * bodies as `Uint8Array<ArrayBuffer>`, and typed arrays take a type parameter from TypeScript 5.7 on.
 */
const MINIMUM_TYPESCRIPT_FOR_SERVERS = '5.7.3';
/** The consumer's own Node types (a TypeScript project that runs Node has them): those this workspace checks with. */
const TYPES_NODE = `@types/node@${createRequire(import.meta.url)('@types/node/package.json').version}`;
/** The msw the consumers use the mock's handlers with: the one this workspace tests them with. */
const MSW = `msw@${createRequire(import.meta.url)('msw/package.json').version}`;
/** A server stopped by its npx or pnpm process being killed is gone well within this. */
const SERVER_GONE_MS = 5_000;
/** The URL a server's first line names, in any mode. */
const LISTENING = /Payments Connect (?:mock|emulator) listening on (http:\/\/\S+)/;
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

/**
 * Installs a version of TypeScript in a folder of its own (through the local registry's uplink).
 * @param {string} version
 * @returns {Promise<string>} its tsc script
 */
async function installTypeScript(version) {
  const local = registry;
  if (!local) throw new Error('no registry');
  const folder = join(temp, `typescript-${version}`);
  await mkdir(folder);
  const npmArgs = ['install', '--prefix', folder, '--registry', local.url, '--no-audit', '--no-fund'];
  await run('npm', [...npmArgs, `typescript@${version}`], { env: childEnv() });
  return join(folder, 'node_modules', 'typescript', 'bin', 'tsc');
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
    // The fixed group moves all of them together, and the spec's info.version follows.
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

  it('installs every public package with plain npm in a fresh project, no private package named', async () => {
    const local = registry;
    if (!local) throw new Error('no registry');
    consumerDir = join(temp, 'consumer');
    // msw: the mock's optional peer, which a team that uses @payments-connect/mock/msw installs beside it.
    const specs = [...PUBLIC_PACKAGES.map((name) => `${name}@${releasedVersion}`), MSW];
    const { installed } = await timed('consumer installed with npm', () =>
      createConsumerProject(consumerDir, local.url, specs).catch(async (error) => {
        // Dependencies such as openapi-fetch come through the registry's uplink: its log says why one failed.
        throw new Error(`${error.message}\nregistry log:\n${(await local.readLog()).slice(-4000)}`);
      }),
    );
    expect(installed).toEqual({
      ...Object.fromEntries(PUBLIC_PACKAGES.map((name) => [name, releasedVersion])),
      msw: MSW.slice('msw@'.length),
    });
    for (const name of PUBLIC_PACKAGES) {
      const manifest = JSON.parse(await readFile(join(consumerDir, 'node_modules', name, 'package.json'), 'utf8'));
      // beforePacking in .pnpmfile.cjs: the workspace's private tools stay home with the devDependencies.
      expect(Object.keys(manifest), name).not.toContain('devDependencies');
      expect(JSON.stringify(manifest), name).not.toMatch(
        /@payments-connect\/(repo-checks|hostile-input|multipart-clients|redocly-rules|browser-probe)/,
      );
      expect(manifest.repository?.directory, name).toBeTruthy();
      expect([manifest.homepage, manifest.bugs?.url, manifest.license], name).not.toContain(undefined);
    }
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

  it('opens the published reference: its page through the exports, the same page at the servers /_docs', async () => {
    const served = {
      docsUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/_docs$/),
      status: 200,
      type: 'text/html; charset=utf-8',
      samePage: true,
    };
    expect(await runConsumer(consumerDir, 'docs-consumer.mjs')).toEqual({
      // The page documents the contract released with it.
      title: expect.stringContaining(releasedVersion),
      mock: served,
      emulator: served,
    });
  });

  it.each(MODULE_RESOLUTIONS)('type-checks a consumer with moduleResolution %s', async (resolution) => {
    await timed(`consumer type-checked (${resolution})`, () => typeCheckConsumer(consumerDir, resolution));
  });

  it('compiles a module of test helpers over every package: declarations checked, its own emitted', async () => {
    const local = registry;
    if (!local) throw new Error('no registry');
    const npmArgs = ['install', '--no-save', '--registry', local.url, '--no-audit', '--no-fund', TYPES_NODE];
    await run('npm', npmArgs, { cwd: consumerDir, env: childEnv() });
    await timed('declarations consumer compiled', () => typeCheckConsumer(consumerDir, DECLARATIONS_PROJECT));
    // What the helpers export is named through the packages' entries (a type they could not name is TS2742).
    const emitted = await readFile(join(consumerDir, 'declarations', 'declarations-consumer.d.ts'), 'utf8');
    expect(emitted).toContain('export declare const emulatorControl: EmulatorConnection;');
    expect(emitted).toContain('import("@payments-connect/emulator").Tenant');
  });

  it('weighs what the READMEs say each package weighs (within a quarter)', async () => {
    const weights = await installWeights(consumerDir, PUBLIC_PACKAGES);
    for (const [name, weight] of Object.entries(weights)) {
      const megabytes = weight.bytes / 1e6;
      console.log(`[round trip] install weight of ${name}: ${weight.packages} packages, ${megabytes.toFixed(1)} MB`);
      const readme = await readFile(join(WORKSPACE, PACKAGE_FOLDERS[name] ?? '', 'README.md'), 'utf8');
      const stated = /install weight: (\d+) packages?, ([\d.]+) MB/i.exec(readme);
      expect(stated, `${name}'s README states its install weight`).not.toBeNull();
      expect(Math.abs(Number(stated?.[1]) - weight.packages), `${name}: packages`).toBeLessThanOrEqual(
        Math.max(1, weight.packages / 4),
      );
      expect(Math.abs(Number(stated?.[2]) - megabytes), `${name}: MB`).toBeLessThanOrEqual(
        Math.max(0.2, megabytes / 4),
      );
    }
  });

  it('serves examples without Prism, and says what to install for generated answers', async () => {
    const { code, output } = await runShellScript('npx payments-connect-mock --port 0 --dynamic', {
      cwd: consumerDir,
      env: childEnv(),
      timeoutMs: STEP_TIMEOUT_MS / 8,
    });
    expect(existsSync(join(consumerDir, 'node_modules', '@stoplight', 'prism-http'))).toBe(false);
    expect(code, output).toBe(1);
    expect(output).toContain('need the optional peer dependency @stoplight/prism-http');
  });

  it(`type-checks the consumer with TypeScript ${MINIMUM_TYPESCRIPT}, the oldest the READMEs name`, async () => {
    const tsc = await installTypeScript(MINIMUM_TYPESCRIPT);
    await timed(`consumer type-checked with TypeScript ${MINIMUM_TYPESCRIPT}`, () =>
      typeCheckConsumer(consumerDir, 'bundler', tsc),
    );
  });

  it(`compiles the test helpers with TypeScript ${MINIMUM_TYPESCRIPT_FOR_SERVERS}, the oldest named`, async () => {
    const tsc = await installTypeScript(MINIMUM_TYPESCRIPT_FOR_SERVERS);
    await timed(`declarations consumer compiled with TypeScript ${MINIMUM_TYPESCRIPT_FOR_SERVERS}`, () =>
      typeCheckConsumer(consumerDir, DECLARATIONS_PROJECT, tsc),
    );
  });

  it('runs the consumer against the mock', async () => {
    if (!mock) throw new Error('no mock');
    const output = await runConsumer(consumerDir, 'dist/consumer.js', {
      env: childEnv({ PAYMENTS_CONNECT_BASE_URL: mock.url }),
    });
    expect(output.status).toBe(200);
    expect(output.error).toBeNull();
    expect(output.rfiIds.length).toBeGreaterThan(0);
  });
});

describe('the installed packages on Node 20, 22 and 24', { timeout: STEP_TIMEOUT_MS }, () => {
  /** @type {import('../src/node-matrix.js').NodeRuntime[]} */
  let runtimes = [];
  beforeAll(async () => {
    runtimes = await timed('Node runtimes ready', nodeMatrix);
  }, STEP_TIMEOUT_MS);

  it('has the three majors', () => {
    expect(runtimes.map((r) => r.version.split('.')[0])).toEqual([process.versions.node.split('.')[0], '22', '24']);
  });

  it.each(['module-consumer.mjs', 'commonjs-consumer.cjs'])('%s: client, mock, emulator and model', async (file) => {
    for (const runtime of runtimes) {
      const output = await runConsumer(consumerDir, file, { node: runtime.bin, env: envWithNode(runtime) });
      expect(output, `Node ${runtime.version}`).toEqual({
        // connectMock lists what the mock received: the client's token exchange and its list of cases.
        mock: { status: 200, cases: expect.any(Number), requests: 2 },
        emulator: { status: 200, cases: expect.any(Number) },
        operations: expect.any(Number),
        control: { tenantCases: expect.any(Number), journal: ['listRfiCases 200'] },
        // The mock's MSW handlers, in the consumer's process: the token exchange and the list, as the server's.
        msw: { status: 200, cases: output.mock.cases, requests: 2 },
      });
      expect(output.emulator.cases, `Node ${runtime.version}`).toBeGreaterThan(0);
      // connectEmulator's tenant holds the seed again: as many cases as the start-up account, under its own ids.
      expect(output.control.tenantCases, `Node ${runtime.version}`).toBe(output.emulator.cases);
    }
  });

  it("the mock README's CI recipe, verbatim: exec runs npm test against the mock, then stops it", async () => {
    const recipe = await readmeRecipe(new URL('../../../packages/mock/README.md', import.meta.url), 'ci');
    for (const runtime of runtimes) {
      const { code, output } = await timed(`mock recipe on Node ${runtime.version}`, () =>
        runShellScript(recipe, { cwd: consumerDir, env: envWithNode(runtime), timeoutMs: STEP_TIMEOUT_MS / 4 }),
      );
      expect(code, `Node ${runtime.version}:\n${output}`).toBe(0);
      // npm test is the consumer, which calls PAYMENTS_CONNECT_BASE_URL: exec set it to the mock's URL.
      expect(output, `Node ${runtime.version}`).toContain('"status":200');
      const url = LISTENING.exec(output)?.[1] ?? '';
      expect(await waitUntilClosed(Number(new URL(url).port), SERVER_GONE_MS), `the mock at ${url}`).toBe(true);
    }
  });

  it("the emulator README's CI recipe, verbatim: exec runs a sandbox conformance run, then stops", async () => {
    const recipe = await readmeRecipe(new URL('../../../packages/emulator/README.md', import.meta.url), 'ci');
    for (const runtime of runtimes) {
      const { code, output } = await timed(`emulator recipe on Node ${runtime.version}`, () =>
        runShellScript(recipe, { cwd: consumerDir, env: envWithNode(runtime), timeoutMs: STEP_TIMEOUT_MS / 4 }),
      );
      expect(code, `Node ${runtime.version}:\n${output}`).toBe(0);
      expect(stripVTControlCharacters(output), `Node ${runtime.version}`).toMatch(/Tests\s+\d+ passed/);
      const url = LISTENING.exec(output)?.[1] ?? '';
      expect(await waitUntilClosed(Number(new URL(url).port), SERVER_GONE_MS), `the emulator at ${url}`).toBe(true);
    }
  });

  it('runs the packed mock as a validating proxy to the packed emulator: a violation fails its run', async () => {
    const [emulatorPort, proxyPort] = [await freePort(), await freePort()];
    const [emulator, proxy] = [`http://127.0.0.1:${emulatorPort}`, `http://127.0.0.1:${proxyPort}`];
    const script = [
      `./node_modules/.bin/payments-connect-emulator --port ${emulatorPort} > emulator.out 2>&1 & EMULATOR=$!`,
      `./node_modules/.bin/payments-connect-mock --port ${proxyPort} --proxy ${emulator} \\`,
      '  --fail-on-violation > proxy.out 2>&1 & PROXY=$!',
      // The readiness routes: probing them is no exchange of the proxy.
      `curl -sf --retry 30 --retry-all-errors --retry-delay 1 -o /dev/null ${emulator}/_emulator/health`,
      `curl -sf --retry 30 --retry-all-errors --retry-delay 1 -o /dev/null ${proxy}/_mock/health`,
      `curl -s -o /dev/null -D - ${proxy}/v1/rfi/not-a-uuid -H 'Authorization: Bearer any' -H 'AccountId: x' \\`,
      "  | grep -i '^x-contract-violations'",
      // The script runs with bash -e: the statuses are read, not left to end it.
      'kill $PROXY; status=0; wait $PROXY || status=$?; echo "proxy exit $status"; cat proxy.out',
      'kill $EMULATOR; wait $EMULATOR || true',
    ].join('\n');
    const { output } = await runShellScript(script, {
      cwd: consumerDir,
      env: childEnv(),
      timeoutMs: STEP_TIMEOUT_MS / 4,
    });
    expect(output).toMatch(/x-contract-violations: [1-9]/i);
    expect(output).toContain('proxy exit 1');
    expect(output).toMatch(/proxy summary: \d+ exchange\(s\), [1-9]\d* violation\(s\) of the contract/);
  });

  it('runs the conformance suite against the mock through npx, its reports in the project', async () => {
    for (const runtime of runtimes) {
      await rm(join(consumerDir, 'conformance-reports'), { recursive: true, force: true });
      const { code, output } = await timed(`conformance on Node ${runtime.version}`, () =>
        runShellScript('npx payments-connect-conformance', {
          cwd: consumerDir,
          env: envWithNode(runtime),
          timeoutMs: STEP_TIMEOUT_MS / 4,
        }),
      );
      expect(code, `Node ${runtime.version}:\n${output.slice(-3000)}`).toBe(0);
      expect(existsSync(join(consumerDir, 'conformance-reports', 'coverage-report.md'))).toBe(true);
    }
  });

  it('starts the emulator with pnpm exec, and killing pnpm stops it', async () => {
    const port = await freePort();
    const child = spawn('pnpm', ['exec', 'payments-connect-emulator', '--port', String(port)], {
      cwd: consumerDir,
      env: childEnv(),
      stdio: 'ignore',
    });
    try {
      expect(await waitUntilListening(port, STEP_TIMEOUT_MS / 8), 'the emulator did not start').toBe(true);
      child.kill('SIGTERM');
      expect(await waitUntilClosed(port, SERVER_GONE_MS), `the emulator still listens on ${port}`).toBe(true);
    } finally {
      killGroup(child.pid);
      child.kill('SIGKILL');
    }
  });
});

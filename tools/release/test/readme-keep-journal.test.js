// The "Keep your journal" recipe of the mock's and the emulator's READMEs (the YAML block after
// `<!-- recipe: keep-journal -->`), run as written: its `run` step in bash against this workspace's bins, its
// `npm test` the README's vitest recipe (test/readme/ of the package: its vitest.config.ts, whose globalSetup attaches
// to the server exec started, and its test files), must leave the file its upload step keeps, holding the tests'
// requests, and that file must be what `spec-gate --consumers` reads as one consumer named after it. Their "Record the
// sandbox, replay it in CI" recipe (`<!-- recipe: record-replay -->`) likewise, an emulator standing in for the
// sandbox: the recording holds the calls and no credential, the replay passes the tests once that emulator is gone,
// its journal names the recorded line each answer came from, and the gate reads the journal and the recording.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '@payments-connect/emulator';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readConsumerRecordings } from '../src/consumer-impact/consumer-recordings.js';

const PACKAGES = new URL('../../../packages/', import.meta.url);
const vitestManifest = createRequire(import.meta.url).resolve('vitest/package.json');
const VITEST = join(dirname(vitestManifest), JSON.parse(await readFile(vitestManifest, 'utf8')).bin.vitest);
/** The recipe ends within seconds; the limit only ends one that hangs. */
const RECIPE_TIMEOUT_MS = 120_000;

/**
 * The test command the recipe runs (`npm test`): it calls the API at PAYMENTS_CONNECT_BASE_URL as a service would,
 * with a token from the emulator's credentials when it has them (the mock takes any bearer token).
 */
const SERVICE = `
const url = process.env.PAYMENTS_CONNECT_BASE_URL;
const account = process.env.PAYMENTS_CONNECT_ACCOUNT_ID ?? '0f8fad5b-d9cb-469f-a165-70867728950e';
async function main() {
  let token = 'service-token';
  if (process.env.PAYMENTS_CONNECT_CLIENT_ID) {
    const answer = await fetch(url + '/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID,
        clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET,
      }),
    });
    token = (await answer.json()).access_token;
  }
  const cases = await fetch(url + '/v1/rfi', { headers: { authorization: 'Bearer ' + token, accountid: account } });
  process.exit(cases.status === 200 ? 0 : 1);
}
main().catch(() => process.exit(1));
`;

/**
 * The YAML block after a README's `<!-- recipe: keep-journal -->`, parsed: the steps of a job.
 * @param {URL} readme
 * @returns {Promise<any[]>}
 */
async function keepJournalSteps(readme) {
  const text = await readFile(readme, 'utf8');
  const marker = '<!-- recipe: keep-journal -->';
  const at = text.indexOf(marker);
  const block = at === -1 ? null : /^```yaml\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length));
  if (!block?.[1]) throw new Error(`${readme} has no \`\`\`yaml block after ${marker}`);
  return parse(block[1]);
}

/**
 * The commands of the shell block after a README's `<!-- recipe: record-replay -->`, its comments left out.
 * @param {URL} readme
 * @returns {Promise<string[]>}
 */
async function recordReplayCommands(readme) {
  const text = await readFile(readme, 'utf8');
  const marker = '<!-- recipe: record-replay -->';
  const at = text.indexOf(marker);
  const block = at === -1 ? null : /^```sh\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length));
  if (!block?.[1]) throw new Error(`${readme} has no \`\`\`sh block after ${marker}`);
  return block[1].split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/**
 * Runs a shell line with `bash -e` as a CI step would.
 * @param {string} line
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number, output: string }>}
 */
function runStep(line, { cwd, env }) {
  return new Promise((resolve) => {
    execFile('bash', ['-e', '-c', line], { cwd, env, timeout: RECIPE_TIMEOUT_MS }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'readme-keep-journal-'));
  await mkdir(join(dir, 'bin'));
  await writeFile(join(dir, 'service.cjs'), SERVICE);
  const node = JSON.stringify(process.execPath);
  // As published: the file each package.json's `bin` names (the bundle the build makes).
  const bin = (/** @type {string} */ name) =>
    JSON.stringify(publishedBin(`@payments-connect/${name}`, `payments-connect-${name}`, import.meta.url));
  const stubs = {
    npx: [
      'case "$1" in',
      `  payments-connect-mock) shift; exec ${node} ${bin('mock')} "$@" ;;`,
      `  payments-connect-emulator) shift; exec ${node} ${bin('emulator')} "$@" ;;`,
      '  *) exit 127 ;;',
      'esac',
    ],
    // npm test: the README's vitest recipe when the test names its folder, else a service's calls. Only the limits
    // that end a hang are this run's own (vitest's 5 s default, which the recipe keeps, a busy machine may pass).
    npm: [
      `[ -n "$README_RECIPE" ] && exec ${node} ${JSON.stringify(VITEST)} run --root "$README_RECIPE" ` +
        '--testTimeout=300000 --hookTimeout=300000',
      `exec ${node} ${JSON.stringify(join(dir, 'service.cjs'))}`,
    ],
  };
  for (const [name, lines] of Object.entries(stubs)) {
    await writeFile(join(dir, 'bin', name), `#!/bin/sh\n${lines.join('\n')}\n`);
    await chmod(join(dir, 'bin', name), 0o755);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Calls each README's vitest recipe makes, one of each test file at least. */
const RECIPE_CALLS = /** @type {Record<string, string[]>} */ ({
  mock: [
    'answerRfiQuestion 200',
    'answerRfiQuestion 409',
    'answerRfiQuestion 500',
    'getRfiCase 200',
    'listRfiCases 429',
  ],
  emulator: ['createAccessToken 200', 'getRfiCase 200', 'getRfiCase 500', 'listRfiCases 200'],
});

describe.each(['mock', 'emulator'])("the %s README's keep-journal recipe", (server) => {
  it('journals the run to the file it uploads, kept when the tests fail too, which the gate reads', async () => {
    const [run, upload] = await keepJournalSteps(new URL(`${server}/README.md`, PACKAGES));
    expect(upload).toMatchObject({ uses: expect.stringMatching(/^actions\/upload-artifact@v\d+$/), if: 'always()' });
    const kept = String(upload.with.path);
    expect(run.run).toContain(`--journal ${kept}`);

    const cwd = join(dir, server);
    await mkdir(cwd);
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_')));
    const recipe = fileURLToPath(new URL(`${server}/test/readme/`, PACKAGES));
    const path = `${dir}/bin:${process.env.PATH}`;
    const { code, output } = await runStep(run.run, { cwd, env: { ...env, PATH: path, README_RECIPE: recipe } });
    expect(code, output).toBe(0);

    const { consumers, problems } = await readConsumerRecordings(cwd);
    expect(problems).toEqual([]);
    expect(consumers.map((c) => c.name)).toEqual([basename(kept, '.jsonl')]);
    // The tests' own calls, which reach the server exec started only through the recipe's globalSetup.
    const calls = new Set(consumers[0]?.exchanges.map((e) => `${e.exchange.operationId} ${e.exchange.status}`));
    const expected = RECIPE_CALLS[server];
    if (!expected) throw new Error(`no calls named for the ${server} README's recipe`);
    expect([...calls].sort(), output).toEqual(expect.arrayContaining(expected));
  });
});

describe.each(['mock', 'emulator'])("the %s README's record-replay recipe", (server) => {
  it('records the calls without credentials, replays them with the sandbox gone; the gate reads both', async () => {
    const [record, replay, ...more] = await recordReplayCommands(new URL(`${server}/README.md`, PACKAGES));
    expect(more).toEqual([]);
    const recording = /--record (\S+)/.exec(String(record))?.[1] ?? '';
    expect(replay).toContain(`--replay ${recording}`);
    const journal = /--journal (\S+)/.exec(String(replay))?.[1] ?? '';

    const cwd = join(dir, `${server}-record-replay`);
    await mkdir(cwd);
    const credentials = { clientId: 'billing-service', clientSecret: 'billing-secret-never-recorded' };
    const sandbox = await startEmulator({ credentials });
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_'))),
      PATH: `${dir}/bin:${process.env.PATH}`,
      SANDBOX_URL: sandbox.url,
      PAYMENTS_CONNECT_CLIENT_ID: credentials.clientId,
      PAYMENTS_CONNECT_CLIENT_SECRET: credentials.clientSecret,
      PAYMENTS_CONNECT_ACCOUNT_ID: sandbox.accounts.primary.accountId,
    };
    const recorded = await runStep(String(record), { cwd, env }).finally(() => sandbox.stop());
    expect(recorded.code, recorded.output).toBe(0);
    const text = await readFile(join(cwd, recording), 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => `${line.operationId} ${line.status}`)).toEqual([
      'createAccessToken 200',
      'listRfiCases 200',
    ]);
    expect(lines[0].withheld).toEqual(['requestBody/clientSecret', 'body/access_token']);
    expect(text).not.toContain(credentials.clientSecret);
    expect(text.toLowerCase()).not.toContain('authorization');

    // The emulator is gone: the tests pass on the recorded answers alone.
    const replayed = await runStep(String(replay), { cwd, env });
    expect(replayed.code, replayed.output).toBe(0);
    const entries = (await readFile(join(cwd, journal), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => [entry.operationId, entry.status, entry.replayed])).toEqual([
      ['createAccessToken', 200, { file: recording, line: 1 }],
      ['listRfiCases', 200, { file: recording, line: 2 }],
    ]);

    const { consumers, problems } = await readConsumerRecordings(cwd);
    expect(problems).toEqual([]);
    expect(consumers.map((c) => c.name).sort()).toEqual([basename(journal, '.jsonl'), basename(recording, '.jsonl')]);
  });
});

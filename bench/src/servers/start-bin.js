import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { REPO_ROOT } from '../workspace.js';
import { httpRequest } from './http-request.js';

/**
 * A bin as `npx payments-connect-mock` and `npx payments-connect-emulator` run it: the file its package.json's `bin`
 * names (the bundle the build makes), in a checkout.
 * @param {'mock' | 'emulator'} kind @param {string} repoRoot
 */
export function checkoutBin(kind, repoRoot) {
  const packageDir = join(repoRoot, 'packages', kind);
  const { bin } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return join(packageDir, bin[`payments-connect-${kind}`]);
}

/** Longer than any run of the bench: the token of the load must not expire in the middle of it. */
const TOKEN_TTL_SECONDS = 24 * 3600;

/**
 * A server of the repository run as its users run it: its bin, in a process of its own, its first line read for the
 * URL; the emulator's token fetched with the credentials its `--write-env` file holds.
 * @param {'mock' | 'emulator'} kind
 * @param {{ tempDir: string, core?: number, args?: string[],
 *   request?: { path: string, headers: Record<string, string> }, repoRoot?: string, timeoutMs?: number }} options
 *   core: the one core the process runs on from its start, every thread of it (`taskset`); args: more flags (the
 *   mock's `--proxy <url>`); request: what the load asks for (a proxy's: what its upstream is asked); repoRoot: the
 *   checkout whose bin runs (this one by default; another, built, for an A/B run)
 * @returns {Promise<import('./start-subject.js').Subject>} its `memory` is not measured (it has no IPC channel)
 * @throws {Error} when it exits or prints no URL in time, with the end of what it printed
 */
export async function startBin(kind, { tempDir, core, args = [], request, repoRoot = REPO_ROOT, timeoutMs = 60_000 }) {
  const envFile = join(tempDir, `${kind}-${process.hrtime.bigint()}.env`);
  const flags = ['--port', '0', ...args];
  if (kind === 'emulator') flags.push('--token-ttl', String(TOKEN_TTL_SECONDS), '--write-env', envFile);
  const node = [process.execPath, checkoutBin(kind, repoRoot), ...flags];
  const [command, commandArgs] =
    core === undefined ? [process.execPath, node.slice(1)] : ['taskset', ['--cpu-list', String(core), ...node]];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    printed = (printed + chunk).slice(-2000);
  };
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let firstLine = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      keep(chunk);
      firstLine = `${firstLine}${chunk}`.split('\n')[0] ?? '';
      const found = /listening on (http:\/\/\S+)/.exec(firstLine)?.[1];
      if (found) resolve(found);
    });
    exited.then((code) => reject(new Error(`${kind}'s bin exited (${code}): ${printed.trim()}`)));
    timer = setTimeout(() => reject(new Error(`${kind}'s bin printed no URL within ${timeoutMs / 1000} s`)), timeoutMs);
  })
    .catch(async (error) => {
      await stop();
      throw error;
    })
    .finally(() => clearTimeout(timer));
  // What it prints next is read and dropped: a full pipe would stall the server.
  child.stdout.resume();
  const target = request
    ? { url: `${url}${request.path}`, headers: request.headers }
    : kind === 'emulator'
      ? await emulatorTarget(url, envFile)
      : mockTarget(url);
  const answer = await httpRequest(target.url, { headers: target.headers });
  if (answer.status !== 200) {
    await stop();
    throw new Error(`${kind}: GET ${target.url} answered ${answer.status}, not 200`);
  }
  return {
    kind,
    pid: child.pid,
    baseUrl: url,
    target,
    firstOkMs: Number.NaN,
    memory: () => Promise.reject(new Error(`the ${kind}'s bin has no IPC channel to report its memory`)),
    stop,
  };
}

/** @param {string} url */
function mockTarget(url) {
  const { path, headers } = loadSampleExchange();
  return { url: `${url}${path}`, headers };
}

/**
 * The emulator's seeded open case, with a token it issued to the credentials of its `--write-env` file.
 * @param {string} url
 * @param {string} envFile
 */
async function emulatorTarget(url, envFile) {
  const env = readEnvFile(envFile);
  const body = JSON.stringify({
    clientId: env.PAYMENTS_CONNECT_CLIENT_ID,
    clientSecret: env.PAYMENTS_CONNECT_CLIENT_SECRET,
  });
  const token = await httpRequest(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (token.status !== 200) throw new Error(`emulator: POST /auth/token answered ${token.status}`);
  return {
    url: `${url}/v1/rfi/${env.PAYMENTS_CONNECT_OPEN_RFI_ID}`,
    headers: {
      authorization: `Bearer ${JSON.parse(token.body).access_token}`,
      accountid: env.PAYMENTS_CONNECT_ACCOUNT_ID,
    },
  };
}

/**
 * The settings a bin wrote with `--write-env` (NAME=value lines; comments and blank lines left out).
 * @param {string} envFile
 * @returns {Record<string, string>}
 */
export function readEnvFile(envFile) {
  return Object.fromEntries(
    readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

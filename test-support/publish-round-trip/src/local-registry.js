import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { packageBin } from '@payments-connect/release-tools/package-bin';
import { freePort } from './ports.js';

/** Where packages other than ours come from (openapi-fetch and its dependencies). */
export const DEFAULT_UPSTREAM_REGISTRY = 'https://registry.npmjs.org/';
/** The registry starts in about a second; a loaded CI machine gets thirty times that. */
const START_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;
const HOST = '127.0.0.1';

/**
 * A registry started by {@link startLocalRegistry}.
 * @typedef {object} LocalRegistry
 * @property {string} url base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`
 * @property {string} authToken token of the throwaway user, for `//127.0.0.1:PORT/:_authToken`
 * @property {string} logFile the registry's log
 * @property {() => Promise<string>} readLog the log so far, for a failure message
 * @property {() => Promise<void>} stop ends the registry process; safe to call twice
 */

/**
 * The registry's configuration: our scope is served only from local storage (no uplink, so nothing of
 * ours is ever looked up, let alone published, anywhere else); every other package is proxied from the
 * upstream registry read-only, so dependencies such as openapi-fetch still resolve. A proxy set in the
 * environment is handed on, as npm would use it. (TLS trust comes from NODE_EXTRA_CA_CERTS, which the
 * registry process inherits; this package's turbo.json passes it through.)
 * @param {string} upstream
 */
function registryConfig(upstream) {
  const httpsProxy = process.env.HTTPS_PROXY ?? process.env.https_proxy;
  const httpProxy = process.env.HTTP_PROXY ?? process.env.http_proxy;
  const proxies = [
    httpsProxy ? `    https_proxy: ${httpsProxy}` : '',
    httpProxy ? `    http_proxy: ${httpProxy}` : '',
  ].filter(Boolean);
  return `# Generated for one publish round trip; deleted with its folder.
storage: ./storage
auth:
  htpasswd:
    file: ./htpasswd
    max_users: 1
uplinks:
  upstream:
    url: ${upstream}
${proxies.join('\n')}
packages:
  '@payments-connect/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: upstream
web:
  enable: false
log:
  type: stdout
  format: pretty
  level: warn
`;
}

/**
 * Starts verdaccio (the workspace's pinned version) on 127.0.0.1 with its storage, configuration and
 * log in `folder`, and creates a throwaway user through the registry's API so that npm and pnpm may
 * publish.
 * @param {string} folder an empty folder, removed by the caller afterwards
 * @param {{ upstream?: string }} [options]
 * @returns {Promise<LocalRegistry>}
 */
export async function startLocalRegistry(folder, { upstream = DEFAULT_UPSTREAM_REGISTRY } = {}) {
  await mkdir(folder, { recursive: true });
  const configFile = join(folder, 'config.yaml');
  await writeFile(configFile, registryConfig(upstream));
  const port = await freePort();
  const url = `http://${HOST}:${port}/`;
  const logFile = join(folder, 'registry.log');
  const log = createWriteStream(logFile);
  const bin = packageBin('verdaccio');
  const child = spawn(process.execPath, [bin, '--config', configFile, '--listen', `${HOST}:${port}`], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = once(child, 'exit');
  // If the test process ends without stop() (a crash, an interrupted run), the registry goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      process.removeListener('exit', killOnExit);
      log.end();
    })();
    return stopping;
  };

  try {
    await waitUntilUp(url, child);
    return { url, authToken: await createThrowawayUser(url), logFile, readLog: () => readFile(logFile, 'utf8'), stop };
  } catch (error) {
    await stop();
    throw new Error(`the local registry did not start (${/** @type {Error} */ (error).message}); see ${logFile}`);
  }
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitUntilUp(url, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with code ${child.exitCode}`);
    const up = await fetch(new URL('-/ping', url)).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`not answering within ${START_TIMEOUT_MS} ms`);
}

/**
 * Creates a user the way `npm adduser` does (CouchDB-style PUT) and returns its token.
 * @param {string} url
 */
async function createThrowawayUser(url) {
  const name = 'round-trip';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `throwaway-${process.pid}-${Date.now()}` }),
  });
  const body = /** @type {{ token?: string }} */ (await response.json());
  if (!response.ok || !body.token) throw new Error(`could not create a user: HTTP ${response.status}`);
  return body.token;
}

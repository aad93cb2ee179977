import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocsServer } from '../src/docs-server.js';
import { TEST_BUILD_DIR } from './built-reference.js';

/**
 * A raw request, so that paths such as /../ reach the server as written.
 * @param {string} url The server's address.
 * @param {string} path Sent as written.
 * @param {string} [method]
 * @returns {Promise<{ status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
function get(url, path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, path }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('startDocsServer', () => {
  /** @type {import('../src/docs-server.js').DocsServer} */
  let server;
  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'docs-server-'));
    writeFileSync(join(parent, 'secret.txt'), 'outside');
    const root = join(parent, 'dist');
    mkdirSync(join(root, 'samples'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>docs</title>');
    writeFileSync(join(root, 'samples', 'a.ts'), 'export {};');
    server = await startDocsServer({ root, port: 0 });
  });
  afterAll(() => server?.close());

  it('listens on 127.0.0.1 and serves index.html at /', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await get(server.url, '/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>docs</title>');
  });

  it('serves other files of the folder with their type', async () => {
    const response = await get(server.url, '/samples/a.ts');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers 404 for a missing file and for any path out of the folder', async () => {
    for (const path of [
      '/missing.html',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/samples/..%2f..%2fsecret.txt',
      '/%ZZ',
    ]) {
      expect((await get(server.url, path)).status, path).toBe(404);
    }
  });

  it('is read-only', async () => {
    expect((await get(server.url, '/', 'POST')).status).toBe(405);
    const head = await get(server.url, '/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('serve-docs, the command', () => {
  const script = fileURLToPath(new URL('../scripts/serve-docs.js', import.meta.url));
  /** @param {string[]} args */
  const run = (args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 30_000 });

  it.for([
    [['--bogus'], "unknown option '--bogus'\n"],
    [['--rot', 'dist'], "unknown option '--rot' (did you mean --root?)"],
    [['--port', 'abc'], "--port must be an integer from 0 to 65535, got 'abc'"],
  ])('refuses %j as a usage error: the problem, then the usage, exit 2', ([args, message]) => {
    const { status, stderr } = run(/** @type {string[]} */ (args));
    expect(status).toBe(2);
    expect(stderr).toContain(`serve-docs: ${message}`);
    expect(stderr).toContain('usage: serve-docs');
  });

  it('serves the build it is given, printing its address, until stopped', async () => {
    const child = spawn(process.execPath, [script, '--port', '0', '--root', TEST_BUILD_DIR], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise((resolve, reject) => {
        let output = '';
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`serve-docs exited with ${code}: ${output}`)));
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const printed = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
          if (printed) resolve(printed);
        });
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(readFileSync(join(TEST_BUILD_DIR, 'index.html'), 'utf8'));
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('exits 1 in one line when the folder holds no build', () => {
    const { status, stderr } = run(['--port', '0', '--root', mkdtempSync(join(tmpdir(), 'no-build-'))]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^serve-docs: .*index\.html is missing; build it first with `pnpm docs`\n$/);
  });
});

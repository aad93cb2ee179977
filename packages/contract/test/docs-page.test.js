// The pipeline's docs stage over real HTTP on 127.0.0.1: the page at /_docs for GET and HEAD, one address for it (a
// trailing slash redirected), the envelope for anything else under it, nothing journaled, and a server that refuses
// to start on a page it cannot serve or a contract that has /_docs itself.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';
import { DOCS_PATH, installedDocsPage, PREFERENCES_HONOURED_HEADER, startServer } from '../src/server.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = loadContract();
const PAGE = '<!doctype html>\n<title>Reference</title>\n<p>The rendered reference.</p>\n';
const answer = () => ({ status: 200, body: { items: [] } });

let dir = '';
let page = '';
/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docs-page-'));
  page = join(dir, 'index.html');
  await writeFile(page, PAGE);
  server = await startServer({ contract, name: 'docs-test', answer, docsPage: page });
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A request as sent, the redirect not followed, its body whole (fetch hides a 308 and answers HEAD without telling).
 * @param {string} method
 * @param {string} path
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
function exchange(method, path) {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { method }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.once('error', reject).end();
  });
}

describe('the docs page of the pipeline', () => {
  it('is served at /_docs: the file as it is, HTML, never cached without asking', async () => {
    expect(server.docsUrl).toBe(`${server.url}${DOCS_PATH}`);
    const { status, headers, body } = await exchange('GET', DOCS_PATH);
    expect(status).toBe(200);
    expect(headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(PAGE)),
      'cache-control': 'no-cache',
    });
    expect(body).toBe(PAGE);
  });

  it('answers HEAD with the same head and no body', async () => {
    const { status, headers, body } = await exchange('HEAD', DOCS_PATH);
    expect([status, headers['content-type'], headers['content-length'], body]).toEqual([
      200,
      'text/html; charset=utf-8',
      String(Buffer.byteLength(PAGE)),
      '',
    ]);
  });

  it('has one address: /_docs/ and other spellings redirect to /_docs, the query kept', async () => {
    for (const [path, location] of [
      [`${DOCS_PATH}/`, DOCS_PATH],
      [`${DOCS_PATH}/?theme=dark`, `${DOCS_PATH}?theme=dark`],
      ['/%5Fdocs', DOCS_PATH],
    ]) {
      const { status, headers } = await exchange('GET', path);
      expect([path, status, headers.location]).toEqual([path, 308, location]);
    }
  });

  it('refuses other methods (405 with Allow) and other paths under it (404), in the error envelope', async () => {
    const post = await exchange('POST', DOCS_PATH);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.body)).toMatchObject({ code: contract.errorCode(405) });
    const other = await exchange('GET', `${DOCS_PATH}/index.html`);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({
      code: contract.errorCode(404),
      message: expect.stringContaining(DOCS_PATH),
    });
  });

  it('names the Prefer preferences the server honours, to any origin; none when it honours none', async () => {
    const honouring = await startServer({
      contract,
      name: 'docs-prefer-test',
      answer,
      docsPage: page,
      preferences: ['code', 'example'],
    });
    try {
      const head = await fetch(`${honouring.url}${DOCS_PATH}`, { method: 'HEAD', headers: { Origin: 'null' } });
      expect(head.headers.get(PREFERENCES_HONOURED_HEADER)).toBe('code, example');
      expect(head.headers.get('access-control-allow-origin')).toBe('*');
      expect(head.headers.get('access-control-expose-headers')).toBe(PREFERENCES_HONOURED_HEADER);
    } finally {
      await honouring.stop();
    }
    const { headers } = await exchange('HEAD', DOCS_PATH);
    expect(headers[PREFERENCES_HONOURED_HEADER.toLowerCase()]).toBeUndefined();
    expect(headers['access-control-allow-origin']).toBe('*');
  });

  it('shows a page built again at the next request', async () => {
    await writeFile(page, `${PAGE}<p>Rebuilt.</p>\n`);
    try {
      expect((await exchange('GET', DOCS_PATH)).body).toContain('Rebuilt.');
    } finally {
      await writeFile(page, PAGE);
    }
  });

  it('journals none of its requests', async () => {
    server.clearRequests();
    await exchange('GET', DOCS_PATH);
    await exchange('GET', `${DOCS_PATH}/`);
    await exchange('DELETE', DOCS_PATH);
    expect(server.requests()).toEqual([]);
  });

  it('is not there unless asked for: a server without docsPage answers /_docs as a path of the contract', async () => {
    const bare = await startServer({ contract, name: 'no-docs', answer });
    try {
      expect(bare.docsUrl).toBeUndefined();
      const { status, body } = await fetch(`${bare.url}${DOCS_PATH}`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      expect(status).toBe(404);
      expect(body.message).toContain(`no operation at ${DOCS_PATH}`);
      expect(bare.requests().map(({ target }) => target)).toEqual([DOCS_PATH]);
    } finally {
      await bare.stop();
    }
  });

  it('never collides with the contract: no path of the bundled description is under /_docs', () => {
    expect(contract.operations.filter(({ path }) => path.split('/')[1] === DOCS_PATH.slice(1))).toEqual([]);
  });

  it('refuses to start on a contract with a path under /_docs, a control prefix /_docs, or no page', async () => {
    const document = smallContractDocument();
    document.paths[`${DOCS_PATH}/items`] = document.paths['/items'];
    await expect(
      startServer({ contract: createContract(document), name: 'clash', answer, docsPage: page }),
    ).rejects.toThrow(`cannot serve the docs at ${DOCS_PATH}: the contract has the path ${DOCS_PATH}/items`);
    await expect(
      startServer({ contract, name: 'clash', answer, docsPage: page, control: { prefix: DOCS_PATH, routes: [] } }),
    ).rejects.toThrow(`the control prefix cannot be ${DOCS_PATH}`);
    const missing = join(dir, 'missing.html');
    await expect(startServer({ contract, name: 'missing', answer, docsPage: missing })).rejects.toThrow(
      `${missing} is not a file`,
    );
  });
});

describe('installedDocsPage', () => {
  it('finds the page of @payments-connect/docs from a package that depends on it', async () => {
    const docs = join(dir, 'consumer', 'node_modules', '@payments-connect', 'docs');
    await mkdir(join(docs, 'dist'), { recursive: true });
    await writeFile(
      join(docs, 'package.json'),
      JSON.stringify({ name: '@payments-connect/docs', exports: { './index.html': './dist/index.html' } }),
    );
    await writeFile(join(docs, 'dist', 'index.html'), PAGE);
    const module = pathToFileURL(join(dir, 'consumer', 'src', 'server.js'));
    expect(installedDocsPage(module)).toBe(join(docs, 'dist', 'index.html'));
  });

  // (Not installed at all is not shown here: pnpm's command shims set NODE_PATH to the workspace's packages.)
  it('is undefined where the docs are installed but not built', async () => {
    const docs = join(dir, 'unbuilt', 'node_modules', '@payments-connect', 'docs');
    await mkdir(docs, { recursive: true });
    await writeFile(
      join(docs, 'package.json'),
      JSON.stringify({ name: '@payments-connect/docs', exports: { './index.html': './dist/index.html' } }),
    );
    expect(installedDocsPage(pathToFileURL(join(dir, 'unbuilt', 'server.js')))).toBeUndefined();
  });
});

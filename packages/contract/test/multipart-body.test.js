import { loadClientBodies } from '@payments-connect/multipart-clients/client-bodies';
import { RFC_FORMS } from '@payments-connect/multipart-clients/rfc-forms';
import { describe, expect, it } from 'vitest';
import { buildMultipartBody, MULTIPART_BOUNDARY } from '../src/model/multipart-body.js';
import { readMultipartBody as readWithBusboy } from '../src/model/read-multipart-body.js';
import { readMultipartBody as readOnTheWeb } from '../src/model/read-multipart-body-web.js';

/** The readers: Node's (busboy), and the port of its rules to web-standard code a browser runs; held to each other. */
const READERS = /** @type {const} */ ([
  ['busboy, in Node', readWithBusboy],
  ['the web-standard port', readOnTheWeb],
]);

const CRLF = '\r\n';

describe('buildMultipartBody', () => {
  it('is a multipart/form-data body the servers read back: file name, type and content kept', async () => {
    const built = buildMultipartBody([
      { name: 'document', content: '%PDF-1.4\n%%EOF\n', fileName: 'invoice.pdf', contentType: 'application/pdf' },
      { name: 'note', content: 'Größe', fileName: undefined, contentType: undefined },
    ]);
    expect(built.contentType).toBe(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
    expect(await readWithBusboy(built.contentType, built.body)).toEqual([
      { name: 'document', fileName: 'invoice.pdf', contentType: 'application/pdf', size: 15, text: undefined },
      { name: 'note', fileName: undefined, contentType: 'text/plain', size: 7, text: 'Größe' },
    ]);
  });

  it('is the same bytes on every run, and escapes quotes and line breaks in names as browsers do', () => {
    const parts = [{ name: 'a"b', content: 'x', fileName: 'c\r\nd.txt', contentType: 'text/plain' }];
    const text = new TextDecoder().decode(buildMultipartBody(parts, 'b').body);
    expect(text).toBe(
      '--b\r\nContent-Disposition: form-data; name="a%22b"; filename="c%0D%0Ad.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nx\r\n--b--\r\n',
    );
    expect(buildMultipartBody(parts, 'b').body).toEqual(buildMultipartBody(parts, 'b').body);
  });

  it('refuses content that holds the delimiter, which would end its part early', () => {
    const parts = [{ name: 'file', content: 'a\r\n--b\r\n', fileName: 'f', contentType: 'text/plain' }];
    expect(() => buildMultipartBody(parts, 'b')).toThrow('the content of part file holds the delimiter --b');
  });
});

describe.for(READERS)('readMultipartBody: %s', ([, readMultipartBody]) => {
  const uploads = [
    ...loadClientBodies().map((fixture) => ({ ...fixture, id: `${fixture.id} (${fixture.client})` })),
    ...RFC_FORMS,
  ];

  it.for(uploads.map((upload) => /** @type {const} */ ([upload.id, upload])))(
    'reads the invoice as %s sent it',
    async ([, { contentType, body, sends }]) => {
      const parts = await readMultipartBody(contentType, body);
      const document = parts.find((part) => part.name === 'document');
      expect({ ...document, fileName: document?.fileName ?? 'document' }).toMatchObject(sends);
    },
  );

  it('keeps every part, in the order sent, a field decoded as UTF-8 and a file name without its path', async () => {
    const body = [
      `--b${CRLF}Content-Disposition: form-data; name="note"${CRLF}${CRLF}Größe${CRLF}`,
      `--b${CRLF}Content-Disposition: form-data; name="document"; filename="C:\\scans\\a.pdf"${CRLF}`,
      `Content-Type: Application/PDF; name=a.pdf${CRLF}${CRLF}%PDF${CRLF}`,
      `--b${CRLF}Content-Disposition: attachment; name="ignored"${CRLF}${CRLF}not a form field${CRLF}`,
      `--b${CRLF}Content-Disposition: form-data; name="note"${CRLF}${CRLF}again${CRLF}--b--${CRLF}`,
    ].join('');
    expect(await readMultipartBody('multipart/form-data; boundary=b', Buffer.from(body))).toEqual([
      { name: 'note', fileName: undefined, contentType: 'text/plain', size: 7, text: 'Größe' },
      { name: 'document', fileName: 'a.pdf', contentType: 'application/pdf', size: 4, text: undefined },
      { name: 'note', fileName: undefined, contentType: 'text/plain', size: 5, text: 'again' },
    ]);
  });

  it("reads a text part larger than the parser's default field size (1 MiB) whole", async () => {
    const text = 'x'.repeat(3 * 1024 * 1024);
    const body = `--b${CRLF}Content-Disposition: form-data; name="note"${CRLF}${CRLF}${text}${CRLF}--b--${CRLF}`;
    const [note] = await readMultipartBody('multipart/form-data; boundary=b', Buffer.from(body));
    expect(note?.size).toBe(text.length);
    expect(note?.text).toBe(text);
  });

  it("reads a part whose header passes the parser's default 80 KiB and 2,000 fields, rather than drop it", async () => {
    const long = `X-Note: ${'n'.repeat(100 * 1024)}${CRLF}${'X-Tag: t\r\n'.repeat(2100)}`;
    const disposition = 'Content-Disposition: form-data; name="document"; filename="a.pdf"';
    const body = `--b${CRLF}${long}${disposition}${CRLF}${CRLF}%PDF${CRLF}--b--`;
    const parts = await readMultipartBody('multipart/form-data; boundary=b', Buffer.from(body));
    expect(parts.map(({ name, size }) => [name, size])).toEqual([['document', 4]]);
  });

  it.for([
    ['a body without the delimiter its type names', 'boundary=zz', 'garbage', 'it holds no delimiter --zz'],
    [
      'a body that ends inside a part',
      'boundary=b',
      `--b${CRLF}Content-Disposition: form-data; name="a"${CRLF}${CRLF}x`,
    ],
    ['a boundary longer than 70 characters', `boundary=${'b'.repeat(71)}`, 'x', 'its boundary has 71 characters'],
  ])('refuses %s, saying why', async ([, parameters, body, reason]) => {
    const read = readMultipartBody(`multipart/form-data; ${parameters}`, Buffer.from(body));
    await expect(read).rejects.toThrow(reason ?? /unexpected end of multipart data/i);
  });

  it("settles on every prefix of a client's body: read once it holds the close delimiter, refused before", async () => {
    const [fixture] = loadClientBodies();
    if (!fixture) throw new Error('no client body');
    const close = `--${/boundary=(.+)$/.exec(fixture.contentType)?.[1]}--`;
    const wrong = [];
    for (let end = 0; end <= fixture.body.length; end += 1) {
      const prefix = fixture.body.subarray(0, end);
      const read = await readMultipartBody(fixture.contentType, prefix).then(
        (parts) => parts.length === 1,
        () => false,
      );
      if (read !== prefix.includes(close)) wrong.push(end);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the two readers', () => {
  /**
   * What a reader makes of a body: its parts, or the reason it refused it.
   * @param {(contentType: string, bytes: Uint8Array) => Promise<unknown>} read
   * @param {string} contentType
   * @param {Uint8Array} body
   */
  const outcome = (read, contentType, body) =>
    read(contentType, body).then(
      (parts) => ({ parts }),
      (/** @type {Error} */ error) => ({ refused: error.message }),
    );

  it('read every body alike: the same parts or the same refusal, mangled bodies and odd headers included', async () => {
    const [client] = loadClientBodies();
    if (!client) throw new Error('no client body');
    /** @type {Array<{ contentType: string, body: Uint8Array }>} */
    const bodies = [];
    // A byte taken out, or a dash, a line break or a quote put in, at each place of the delimiters and the headers of
    // a real client's body (its content is read as bytes, whatever it holds): every way a body breaks busboy's
    // reading of a delimiter, a header line or a disposition is met once. The RFC's forms are read alike above.
    for (const { contentType, body } of [client]) {
      const boundary = /boundary="?([^";]+)/.exec(contentType)?.[1] ?? '';
      const text = body.toString('latin1');
      const delimiters = [...text.matchAll(new RegExp(`--${boundary}`, 'g'))].map(({ index }) => index);
      const headersEnd = text.indexOf(`${CRLF}${CRLF}`) + 4;
      const near = (/** @type {number} */ at) =>
        at < headersEnd || delimiters.some((index) => Math.abs(at - index) <= 4 + boundary.length);
      for (let at = 0; at < body.length; at += 1) {
        if (!near(at)) continue;
        for (const put of ['', '-', CRLF, '"']) {
          bodies.push({
            contentType,
            body: Buffer.concat([body.subarray(0, at), Buffer.from(put), body.subarray(at + 1)]),
          });
        }
      }
    }
    const part = (/** @type {string} */ header, content = 'x') =>
      // Latin-1: each character one byte, as header bytes beyond ASCII are sent.
      Buffer.from(`--b${CRLF}${header}${CRLF}${CRLF}${content}${CRLF}--b--${CRLF}`, 'latin1');
    const type = 'multipart/form-data; boundary=b';
    for (const header of [
      'Content-Disposition: form-data; name="a"; filename*=utf-8\'\'%E2%82%AC%20rate.pdf',
      'Content-Disposition: form-data; name="a"; filename*=iso-8859-1\'\'%E9t%E9.txt',
      'Content-Disposition: form-data; name="a"; filename="C:\\x\\..";',
      'Content-Disposition: form-data ; name = "a b" ; filename = "x\\"y.txt"',
      'Content-Disposition: FORM-DATA; NAME=a; FILENAME=a/b/c.txt',
      'Content-Disposition: form-data; name="caf\u00c3\u00a9"',
      'Content-Disposition: form-data; name',
      'Content-Disposition: form-data;',
      'Content-Disposition: inline; name="a"',
      'Content-Disposition: form-data; name="a"\r\n\tfolded; filename="f.txt"',
      'Content-Type: Text/CSV; charset=utf-8\r\nContent-Disposition: form-data; name="a"',
      'Content-Type: \r\nContent-Disposition: form-data; name="a"',
      'Content-Type: text/plain \r\nContent-Disposition: form-data; name="a"',
      'X-No-Colon\r\nContent-Disposition: form-data; name="a"',
    ]) {
      bodies.push({ contentType: type, body: part(header) });
    }
    for (const contentType of [
      'multipart/form-data; boundary="b"',
      'multipart/form-data; charset=utf-8; boundary=b',
      'Multipart/Form-Data;boundary=b',
      "multipart/form-data; boundary*=utf-8''b",
    ]) {
      bodies.push({ contentType, body: part('Content-Disposition: form-data; name="a"') });
    }
    bodies.push({ contentType: type, body: Buffer.from(`--b-${CRLF}--b--`) });
    bodies.push({ contentType: type, body: Buffer.from(`pre--b${CRLF}--b-x${CRLF}--b--tail`) });
    const different = [];
    for (const { contentType, body } of bodies) {
      const [node, web] = await Promise.all([
        outcome(readWithBusboy, contentType, body),
        outcome(readOnTheWeb, contentType, body),
      ]);
      if (JSON.stringify(node) !== JSON.stringify(web))
        different.push({ body: Buffer.from(body).toString('latin1'), node, web });
    }
    expect(bodies.length).toBeGreaterThan(500);
    expect(different).toEqual([]);
  });
});

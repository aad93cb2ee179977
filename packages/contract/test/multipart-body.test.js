import { describe, expect, it } from 'vitest';
import { buildMultipartBody, MULTIPART_BOUNDARY } from '../src/multipart-body.js';

/**
 * The form a body reads as, parsed by the fetch implementation built into Node (undici), as a server would.
 * @param {{ contentType: string, body: Uint8Array<ArrayBuffer> }} built
 */
const parsed = (built) =>
  new Request('http://127.0.0.1/', {
    method: 'PUT',
    headers: { 'content-type': built.contentType },
    body: built.body,
  }).formData();

describe('buildMultipartBody', () => {
  it('is a multipart/form-data body a fetch implementation reads back: file name, type and content kept', async () => {
    const built = buildMultipartBody([
      { name: 'document', content: '%PDF-1.4\n%%EOF\n', fileName: 'invoice.pdf', contentType: 'application/pdf' },
      { name: 'note', content: 'Größe', fileName: undefined, contentType: undefined },
    ]);
    expect(built.contentType).toBe(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
    const form = await parsed(built);
    const file = /** @type {File} */ (form.get('document'));
    expect([file.name, file.type, await file.text()]).toEqual(['invoice.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n']);
    expect(form.get('note')).toBe('Größe');
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

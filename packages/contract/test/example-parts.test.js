import { describe, expect, it } from 'vitest';
import { listExampleParts } from '../src/model/example-parts.js';

/** A form of a file part `file` and a field `note`, with an optional Encoding Object. */
/** @param {any} [encoding] */
const media = (encoding) => ({
  schema: { $ref: '#/components/schemas/Form' },
  ...(encoding ? { encoding } : {}),
});
const document = {
  components: {
    schemas: {
      Form: {
        type: 'object',
        properties: { file: { $ref: '#/components/schemas/File' }, note: { type: 'string' }, meta: { type: 'object' } },
      },
      File: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
  },
};

describe('listExampleParts', () => {
  it('sends a file part as the file x-file-parts names, and a field as its text', () => {
    const example = {
      value: { file: '%PDF-1.4\n', note: 'hi', meta: { pages: 1 } },
      'x-file-parts': { file: { fileName: 'invoice.pdf', contentType: 'application/pdf' } },
    };
    expect(listExampleParts(document, media(), example)).toEqual([
      { name: 'file', content: '%PDF-1.4\n', fileName: 'invoice.pdf', contentType: 'application/pdf' },
      { name: 'note', content: 'hi', fileName: undefined, contentType: undefined },
      { name: 'meta', content: '{"pages":1}', fileName: undefined, contentType: 'application/json' },
    ]);
  });

  it('without x-file-parts: the part name, the one type its Encoding Object names, else octet-stream', () => {
    const example = { value: { file: 'bytes' } };
    const part = (/** @type {any} */ encoding) => listExampleParts(document, media(encoding), example)[0];
    expect(part({ file: { contentType: 'image/png' } })).toMatchObject({ fileName: 'file', contentType: 'image/png' });
    expect(part({ file: { contentType: 'image/png, image/jpeg' } })?.contentType).toBe('application/octet-stream');
    expect(part({ file: { contentType: 'image/*' } })?.contentType).toBe('application/octet-stream');
    expect(part(undefined)?.contentType).toBe('application/octet-stream');
  });

  it('says what it cannot send: no object of parts, a file not a string, a stray entry, an array', () => {
    const parts = (/** @type {any} */ example) => () => listExampleParts(document, media(), example);
    expect(parts({ value: '--boundary\r\n...' })).toThrow('its value is not an object with one property per part');
    expect(parts({ externalValue: 'upload.multipart' })).toThrow(/not an object/);
    expect(parts({ value: { file: { bytes: 1 } } })).toThrow('its file part file is not a string');
    expect(parts({ value: { note: 'hi' }, 'x-file-parts': { logo: {} } })).toThrow(
      'x-file-parts names logo, no part of its value',
    );
    expect(parts({ value: { note: ['a', 'b'] } })).toThrow(/note is an array/);
  });
});

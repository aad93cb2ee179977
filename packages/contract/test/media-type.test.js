import { describe, expect, it } from 'vitest';
import { parseMediaType } from '../src/model/media-type.js';

describe('parseMediaType', () => {
  it('reads the essence in lower case and the parameters, quoted or not', () => {
    expect(parseMediaType('Multipart/Form-Data; boundary="a b;c"; charset=UTF-8')).toEqual({
      essence: 'multipart/form-data',
      parameters: { boundary: 'a b;c', charset: 'UTF-8' },
    });
    expect(parseMediaType('application/json')).toEqual({ essence: 'application/json', parameters: {} });
  });

  it.for([';;;=;', 'application', 'application/json/x', 'text/plain; =x', 'text/plain; a="open', 'a b/c', ''])(
    'refuses the malformed %j',
    (header) => {
      expect(parseMediaType(header)).toBeUndefined();
    },
  );
});

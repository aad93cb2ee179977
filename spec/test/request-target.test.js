// The one rule by which a raw request target becomes the path the contract is matched against.
import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../src/request-target.js';

/** @param {string} raw */
const pathOf = (raw) => {
  const parsed = parseRequestTarget(raw);
  return parsed.valid ? parsed.path : `invalid: ${parsed.reason}`;
};

describe('parseRequestTarget', () => {
  it('keeps an origin-form path and its query', () => {
    const parsed = parseRequestTarget('/v1/rfi?includeTerminal=true&x=1&x=2');
    expect(parsed).toMatchObject({ valid: true, path: '/v1/rfi', segments: ['v1', 'rfi'] });
    expect(parsed.valid && parsed.query.getAll('x')).toEqual(['1', '2']);
  });

  it('takes only the path and query of an absolute-form target, whatever its host', () => {
    expect(pathOf('http://other.example/v1/rfi?a=1')).toBe('/v1/rfi');
    expect(pathOf('ftp://other.example/v1/rfi')).toMatch(/^invalid: request target scheme ftp: is not http/);
  });

  it('refuses the asterisk form and anything that is not a path', () => {
    expect(pathOf('*')).toBe('invalid: the asterisk-form target "*" names no resource');
    expect(pathOf('v1/rfi')).toBe('invalid: request target "v1/rfi" is not a path');
    expect(pathOf('other.example:443')).toMatch(/^invalid: /);
  });

  it('resolves dot segments, encoded ones too, never above the root', () => {
    expect(pathOf('/v1/x/../rfi')).toBe('/v1/rfi');
    expect(pathOf('/v1/./rfi')).toBe('/v1/rfi');
    expect(pathOf('/v1/%2e%2e/v1/rfi')).toBe('/v1/rfi');
    expect(pathOf('/../../v1/rfi')).toBe('/v1/rfi');
  });

  it('ignores one trailing slash and keeps every other empty segment', () => {
    expect(pathOf('/v1/rfi/')).toBe('/v1/rfi');
    expect(pathOf('/')).toBe('/');
    expect(parseRequestTarget('//v1//rfi')).toMatchObject({ path: '//v1//rfi', segments: ['', 'v1', '', 'rfi'] });
  });

  it('decodes each segment, and refuses a malformed escape', () => {
    expect(parseRequestTarget('/v1/%72fi/a%2Fb')).toMatchObject({ segments: ['v1', 'rfi', 'a/b'] });
    expect(pathOf('/v1/%zz')).toBe('invalid: path segment "%zz" holds a malformed percent-escape');
  });
});

// The one rule by which a raw request target becomes the path the contract is matched against.
import { describe, expect, it } from 'vitest';
import { parseRequestTarget, parseRequestTargetByUrl } from '../src/model/request-target.js';

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

  it('reads every target as the URL parser does, the plain ones it takes a shortcut for included', () => {
    /** @param {string} raw */
    const read = (raw) => {
      const parsed = raw === undefined ? undefined : parseRequestTarget(raw);
      return parsed?.valid ? { ...parsed, query: [...parsed.query] } : parsed;
    };
    /** @param {string} raw */
    const byUrl = (raw) => {
      const parsed = parseRequestTargetByUrl(raw);
      return parsed.valid ? { ...parsed, query: [...parsed.query] } : parsed;
    };
    const fixed = [
      '/v1/rfi/4f9a3e5d?includeTerminal=true&x=1&x=2',
      '/v1/rfi/',
      '//v1//rfi/',
      "/a:b@c/!$&'()*+,;=~_-.x",
      '/v1/rfi?a=b+c&d=%20e&f=?g&h="i"',
      '/v1/rfi?',
      '/v1/rfi?#x',
      '/v1/./rfi/..',
      '/..',
      '/.../..x/x..',
      '/v1/rfi?q=%zz',
    ];
    // Random targets over the characters that matter to the shortcut (bounded: 2,000 of at most 12 characters).
    const alphabet = [' ', ...'/ . .. a Z 0 ? & = + %2e % # \\ " ~ : é'.split(' ')];
    let seed = 18;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const random = Array.from({ length: 2000 }, () => {
      const length = 1 + (next() % 12);
      return `/${Array.from({ length }, () => alphabet[next() % alphabet.length]).join('')}`;
    });
    let plain = 0;
    for (const raw of [...fixed, ...random]) {
      expect(read(raw), raw).toEqual(byUrl(raw));
      if (/^\/[\w\-~/]*(\?[\w=&+]*)?$/.test(raw)) plain += 1; // no dot, no escape: the shortcut's
    }
    // The shortcut must have been taken by a good share of them, or this compared the URL parser with itself.
    expect(plain).toBeGreaterThan(100);
  });
});

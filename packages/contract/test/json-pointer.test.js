import { describe, expect, it } from 'vitest';
import { childPointer, formatPointer, parsePointer } from '../src/model/json-pointer.js';

describe('childPointer', () => {
  // Its short way (a pointer in formatPointer's form extended as it is) must give what parsing it again gives.
  it.each([
    ['#', ['paths', '/v1/rfi/{rfiId}']],
    ['#/', ['a']],
    ['#/paths/~1v1~1rfi/get', ['responses', '200']],
    ['#/paths/~1v1~1rfi~1%7BrfiId%7D', ['get']],
    ['#/a~2b', ['x']],
    ['#/a%7bb', ['c']],
    ['#/a%7B%7D', ['c']],
    ['#/a%41', ['c']],
    ['#/a%7Bb%2F', ['c']],
    ['#/a b', ['c']],
    ['#/é', ['x']],
    ['#//a', ['b']],
    ['#/items/0', [1, '~/']],
  ])('extends %s by %j as formatting its tokens again would', (pointer, tokens) => {
    expect(childPointer(pointer, ...tokens)).toBe(formatPointer([...parsePointer(pointer), ...tokens]));
  });

  it('escapes the tokens it appends', () => {
    expect(childPointer('#/paths', '/v1/rfi/{rfiId}', 'get')).toBe('#/paths/~1v1~1rfi~1%7BrfiId%7D/get');
  });
});

// What the guarded browser lets through without a browser: the rule that decides whether a request stays on this
// machine. The browser itself is exercised by the docs', the mock's and the emulator's browser tests.
import { describe, expect, it } from 'vitest';
import { SCREENS, staysOnMachine } from '../src/guarded-browser.js';

describe('staysOnMachine', () => {
  it('lets through files, data the page made itself, and the loopback address', () => {
    for (const url of ['file:///tmp/index.html', 'data:text/plain,x', 'blob:null/1', 'http://127.0.0.1:4010/_docs']) {
      expect(staysOnMachine(url), url).toBe(true);
    }
  });

  it('stops every other host, localhost included: the tests reach their servers at 127.0.0.1 only', () => {
    for (const url of ['https://cdn.redoc.ly/logo.png', 'http://localhost:4010/', 'http://10.0.0.1/']) {
      expect(staysOnMachine(url), url).toBe(false);
    }
  });
});

describe('SCREENS', () => {
  it('are a laptop at 1440 px and a phone held upright', () => {
    expect(SCREENS.desktop.viewport).toEqual({ width: 1440, height: 900 });
    expect(SCREENS.phone).toMatchObject({ viewport: { width: 390, height: 844 }, isMobile: true });
  });
});

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium, HOW_TO_GET_CHROMIUM } from '../src/find-chromium.js';

const none = () => false;
const temp = mkdtempSync(join(tmpdir(), 'find-chromium-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('findChromium', () => {
  it('takes the executable CHROMIUM_PATH names, and refuses one that does not exist', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, (path) => path === '/opt/chrome')).toEqual({
      path: '/opt/chrome',
    });
    expect(findChromium({ CHROMIUM_PATH: '/opt/none' }, none)).toEqual({
      path: undefined,
      reason: 'CHROMIUM_PATH=/opt/none does not exist',
    });
  });

  it("takes Debian's chromium when no variable names one", () => {
    expect(findChromium({ HOME: temp }, (path) => path === DEBIAN_CHROMIUM)).toEqual({ path: DEBIAN_CHROMIUM });
  });

  it("takes the newest Playwright-managed build from Playwright's cache folder", () => {
    for (const build of ['chromium-1100', 'chromium-1200']) {
      mkdirSync(join(temp, build, 'chrome-linux'), { recursive: true });
      writeFileSync(join(temp, build, 'chrome-linux', 'chrome'), '');
    }
    const notDebian = (/** @type {string} */ path) => path !== DEBIAN_CHROMIUM && existsSync(path);
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: temp }, notDebian)).toEqual({
      path: join(temp, 'chromium-1200', 'chrome-linux', 'chrome'),
    });
  });

  it('says in one line how to get one when none is found', () => {
    const result = findChromium({ HOME: join(temp, 'empty-home') }, none);
    expect(result).toEqual({ path: undefined, reason: HOW_TO_GET_CHROMIUM });
    expect(HOW_TO_GET_CHROMIUM).not.toContain('\n');
  });
});

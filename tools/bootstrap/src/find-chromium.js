import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Debian's chromium package: what CI installs, and what a developer's machine usually has. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The environment variable that names a Chromium (or Chrome) executable to use instead. */
export const CHROMIUM_PATH_VARIABLE = 'CHROMIUM_PATH';

/** The one line that says how to get a browser when none can be found or installed here. */
export const HOW_TO_GET_CHROMIUM =
  `no Chromium for the browser tests: install Debian's (sudo apt-get install chromium), or set ` +
  `${CHROMIUM_PATH_VARIABLE} to a Chromium or Chrome executable`;

/**
 * Chromium builds that Playwright installed (`npx playwright install chromium`): its cache folder holds one
 * `chromium-<revision>` folder per build; the newest is taken.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]} candidate executables, newest first
 */
function playwrightChromiums(env) {
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || join(env.HOME || homedir(), '.cache', 'ms-playwright');
  let builds;
  try {
    builds = readdirSync(cache).filter((name) => /^chromium-\d+$/.test(name));
  } catch {
    return [];
  }
  return builds
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .flatMap((build) => ['chrome-linux64', 'chrome-linux'].map((folder) => join(cache, build, folder, 'chrome')));
}

/**
 * Finds a Chromium for the browser tests: the one `CHROMIUM_PATH` names (which must exist), else Debian's
 * `/usr/bin/chromium`, else a Playwright-managed one. Never downloads anything.
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findChromium(env = process.env, exists = existsSync) {
  const named = env[CHROMIUM_PATH_VARIABLE];
  if (named) {
    return exists(named)
      ? { path: named }
      : { path: undefined, reason: `${CHROMIUM_PATH_VARIABLE}=${named} does not exist` };
  }
  const found = [DEBIAN_CHROMIUM, ...playwrightChromiums(env)].find((candidate) => exists(candidate));
  return found ? { path: found } : { path: undefined, reason: HOW_TO_GET_CHROMIUM };
}

import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The end-to-end file, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: a page in a Chromium. */
const IN_A_BROWSER = 'test/open-rendered.test.js';

/** In the Chromium of the test job when it started one (CHROMIUM_WS_ENDPOINT), else in one started for this run. */
const BROWSER: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'browser', include: [IN_A_BROWSER], globalSetup: ['src/shared-chromium.js'] },
};

export default defineConfig(({ mode }) => ({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: 'rules', include: ['test/**/*.test.js'], exclude: [...configDefaults.exclude, IN_A_BROWSER] },
      },
      ...(mode === 'quick' ? [] : [BROWSER]),
    ],
  },
}));

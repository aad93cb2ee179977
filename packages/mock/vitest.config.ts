import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: the command in processes
 * of its own, clients that abuse a server process, the package loaded by consumers, the reference in a browser.
 */
const END_TO_END = [
  'test/cli.test.js',
  'test/cli-exec.test.js',
  'test/hostile-input.test.js',
  'test/packaging.test.js',
  'test/proxy.test.js', // its last tests run the command as a proxy
  'test/record-replay-cli.test.js', // --record and --replay, a recording stopped by SIGTERM and SIGKILL
  'test/served-docs.test.js',
  'test/docs-samples.test.js', // the reference's samples in python3 and bash processes
  'test/msw/msw-browser.test.js', // a page built with Vite, in a browser: the MSW handlers under setupWorker
];

/**
 * What `test:peers` (`vitest run --mode peers`) runs: the reference's samples that need a toolchain of their own, Java
 * and Kotlin on the JVM, Go; the bootstrap finds or installs them for that tier.
 */
const PEER_FILES = ['test/docs-samples-jvm.test.js', 'test/docs-samples-go.test.js'];
const PEERS: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'peers', include: PEER_FILES },
};

/** What `test:stress` (`vitest run --mode stress`) runs at full size (`fullSize`). */
const STRESS: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'stress', include: ['test/hostile-input.test.js'], provide: { fullSize: true } },
};

/** The proof that importing the package loads no Prism needs a module graph of its own. */
const START_MOCK: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'start-mock', include: ['test/start-mock.test.js'] },
};

/**
 * The pages in a real Chromium, the one of the run (test-support/browser-probe): the reference at /_docs, and the MSW
 * handlers under setupWorker in a page built with Vite.
 */
const DOCS: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'docs',
    include: ['test/served-docs.test.js', 'test/msw/msw-browser.test.js'],
    globalSetup: ['@payments-connect/browser-probe/shared-chromium'],
  },
};

export default defineConfig(({ mode }) => ({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two files at once, even on two cores (the default leaves one core free there): the hardening file spends much
    // of its time waiting on a server in a process of its own.
    maxWorkers: 2,
    projects:
      mode === 'stress'
        ? [STRESS]
        : mode === 'peers'
          ? [PEERS]
          : [
              {
                extends: true,
                test: {
                  name: 'mock',
                  // The README's MSW recipe for vitest in Node too, run as written (its browser recipe: the page of
                  // test/msw/msw-browser.test.js).
                  include: ['test/**/*.test.js', 'test/readme-msw/*.test.ts'],
                  exclude: [
                    ...configDefaults.exclude,
                    'test/start-mock.test.js',
                    'test/served-docs.test.js',
                    'test/msw/msw-browser.test.js',
                    ...PEER_FILES,
                    ...(mode === 'quick' ? END_TO_END : []),
                  ],
                  // The test files keep no state between them (each starts its own servers), so a worker runs them one
                  // after another on the modules it loaded once.
                  isolate: false,
                },
              },
              START_MOCK,
              ...(mode === 'quick' ? [] : [DOCS]),
            ],
  },
}));

// The TypeScript samples the reference shows must compile against the real @payments-connect/client.

import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SAMPLES_FOLDER } from '../src/build-reference.js';
import { CLIENT_PACKAGE } from '../src/typescript-sample.js';
import { TEST_BUILD_DIR, TEST_RESULTS_DIR } from './built-reference.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The client counts as built when its entry point and its declarations resolve. */
function clientTypes() {
  try {
    const entry = require.resolve(CLIENT_PACKAGE);
    const types = join(entry, '..', 'index.d.ts');
    return existsSync(types) ? types : undefined;
  } catch {
    return undefined;
  }
}

// A call the client's types must refuse: proves the check is real, not a pass on `any`.
const CANARY = `import { createPaymentsConnectClient } from '${CLIENT_PACKAGE}';
const client = createPaymentsConnectClient({
  environment: 'sandbox',
  clientId: 'id',
  clientSecret: 'secret',
  accountId: 'a',
});
await client.GET('/v1/no-such-path');
`;

const clientBuilt = clientTypes() !== undefined;
if (!clientBuilt)
  console.warn(
    `samples type check skipped: ${CLIENT_PACKAGE} is not built (run \`pnpm --filter ${CLIENT_PACKAGE} build\`)`,
  );

describe('TypeScript samples', () => {
  it.skipIf(!clientBuilt)(`compile against the built ${CLIENT_PACKAGE}, and a wrong call does not`, () => {
    const samplesDir = join(TEST_BUILD_DIR, SAMPLES_FOLDER);
    const samples = readdirSync(samplesDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(samplesDir, name));
    const canaryDir = join(TEST_RESULTS_DIR, 'typecheck-canary');
    mkdirSync(canaryDir, { recursive: true });
    const canary = join(canaryDir, 'canary.ts');
    writeFileSync(canary, CANARY);

    // The compiler options of tsconfig.samples.json (what an editor opening the samples uses), over this run's build.
    const configFile = join(packageDir, 'tsconfig.samples.json');
    const config = ts.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    if (!config) throw new Error(`cannot read ${configFile}`);
    const program = ts.createProgram([...samples, canary], config.options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
      file: diagnostic.file?.fileName ?? '(options)',
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }));

    expect(samples.length).toBeGreaterThan(0);
    expect(diagnostics.filter(({ file }) => file !== canary)).toEqual([]);
    expect(diagnostics.filter(({ file }) => file === canary).length).toBeGreaterThan(0);
  });
});

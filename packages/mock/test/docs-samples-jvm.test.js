// The reference's JVM samples run against the mock. Java (java.net.http) as a reader runs one: `java getRfiCase.java`,
// the single-file source launch of Java 11 and later, a JVM each (some two CPU-seconds). Kotlin (OkHttp 3) compiled by
// one kotlinc for all, then run in one JVM: a copy of each sample, in a package of its own (every sample is a `main` of
// the same name), and a runner that calls each in turn. JVMs and a compiler: the peers tier runs them
// (`npm run test:peers`), where the bootstrap finds or installs Java 17, Debian's kotlin (1.3) and libokhttp-java.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findJava } from '@payments-connect/bootstrap/find-java';
import { findKotlin } from '@payments-connect/bootstrap/find-kotlin';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, SAMPLES_DIR, sampleFiles, useSampleMock } from './docs-samples-run.js';

/** Two JVMs at once keep both cores busy; more only wait. */
const AT_ONCE = 2;
/**
 * Short-lived JVMs, compilers included, spend less CPU on the JIT compiler's first tier alone and run the same: a Java
 * sample from 1.65 to 1.1 CPU-seconds, the Kotlin compiler from 9.7 to 5.5.
 */
const QUICK_JVM = '-XX:TieredStopAtLevel=1';
/** kotlinc's JVM options: its defaults (-Xmx256M -Xms32M), which a JAVA_OPTS of ours replaces, and the quick JVM's. */
const KOTLINC_ENV = { JAVA_OPTS: `-Xmx256M -Xms32M ${QUICK_JVM}` };
/** The runner of the Kotlin samples: calls each sample's `main` in turn, naming those that threw. */
const KOTLIN_RUNNER = fileURLToPath(new URL('./run-kotlin-samples.kt', import.meta.url));
const KOTLIN_RUNNER_CLASS = 'samples.RunKotlinSamples';

const samples = useSampleMock();
const scratch = mkdtempSync(join(tmpdir(), 'docs-samples-jvm-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** @returns {string} the java that runs the samples */
function java() {
  const found = findJava();
  if (found.path === undefined) throw new Error(found.reason);
  return found.path;
}

describe('the JVM samples of the reference, run against the mock', () => {
  it('Java (java.net.http): launches each from its source file; each operation answers a success', async () => {
    const files = sampleFiles('java');
    expect(files).toHaveLength(OPERATION_IDS.length);
    /** @type {string[]} */
    const failures = [];
    await samples.expectEachOperationAnswered(async () => {
      for (let index = 0; index < files.length; index += AT_ONCE) {
        const launches = files.slice(index, index + AT_ONCE).map(async (file) => {
          const { code, stderr } = await samples.run(java(), [QUICK_JVM, join(SAMPLES_DIR, file)]);
          if (code !== 0) failures.push(`${file}: ${stderr}`);
        });
        await Promise.all(launches);
      }
      expect(failures).toEqual([]);
    });
  });

  it('Kotlin (OkHttp 3): one kotlinc compiles them, warnings as errors; each operation answers a success', async () => {
    const kotlin = findKotlin();
    if (kotlin.path === undefined) throw new Error(kotlin.reason);
    const sources = join(scratch, 'kotlin');
    mkdirSync(sources);
    const mains = sampleFiles('kt').map((file) => {
      const operationId = basename(file, '.kt');
      // The package line is the one change to the file: the compiled class is <package>.<File name>Kt.
      writeFileSync(
        join(sources, file),
        `package samples.${operationId}\n${readFileSync(join(SAMPLES_DIR, file), 'utf8')}`,
      );
      return `samples.${operationId}.${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Kt`;
    });
    expect(mains).toHaveLength(OPERATION_IDS.length);
    const jar = join(scratch, 'kotlin-samples.jar');
    const classpath = kotlin.classpath.join(delimiter);
    const files = [...sampleFiles('kt').map((file) => join(sources, file)), KOTLIN_RUNNER];
    const options = ['-Werror', '-include-runtime', '-cp', classpath, '-d', jar];
    const compiled = await samples.run(kotlin.path, [...options, ...files], { env: KOTLINC_ENV });
    expect(compiled.code, compiled.stderr).toBe(0);
    await samples.expectEachOperationAnswered(async () => {
      const ran = await samples.run(java(), [
        QUICK_JVM,
        '-cp',
        [jar, classpath].join(delimiter),
        KOTLIN_RUNNER_CLASS,
        ...mains,
      ]);
      expect(ran).toMatchObject({ code: 0, stderr: '' });
    });
  });
});

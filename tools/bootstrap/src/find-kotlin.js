import { existsSync } from 'node:fs';
import { delimiter } from 'node:path';
import { findProgram } from './find-program.js';

/**
 * Debian's Kotlin compiler (1.3.31 in Debian 12) and OkHttp 3 with Okio (`libokhttp-java`, 3.13): what CI installs
 * to compile and run the reference's Kotlin samples, written for OkHttp's 3.x API.
 */
export const DEBIAN_KOTLIN_PACKAGES = ['kotlin', 'libokhttp-java'];

/** The environment variable that names a Kotlin compiler's installation to use instead of the one on the PATH. */
export const KOTLIN_HOME_VARIABLE = 'KOTLIN_HOME';

/** The environment variable that names the OkHttp 3 and Okio jars (a classpath) instead of Debian's. */
export const OKHTTP_CLASSPATH_VARIABLE = 'OKHTTP_CLASSPATH';

/** Where Debian's `libokhttp-java` puts OkHttp and the Okio it needs. */
export const DEBIAN_OKHTTP_CLASSPATH = ['/usr/share/java/okhttp.jar', '/usr/share/java/okio.jar'];

/** The one line that says how to get them when they cannot be found or installed here. */
export const HOW_TO_GET_KOTLIN =
  `no Kotlin compiler and OkHttp 3 for the Kotlin samples' tests: install Debian's (sudo apt-get install ` +
  `${DEBIAN_KOTLIN_PACKAGES.join(' ')}), or set ${KOTLIN_HOME_VARIABLE} to a Kotlin compiler and ` +
  `${OKHTTP_CLASSPATH_VARIABLE} to the jars of OkHttp 3 and Okio`;

/**
 * Finds what compiles and runs the reference's Kotlin samples: `kotlinc` (of the installation `KOTLIN_HOME` names,
 * else the first on the PATH) and the jars of OkHttp 3 and Okio (the classpath `OKHTTP_CLASSPATH` names, else
 * Debian's), each of which must exist. Never installs anything.
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {{ path: string, classpath: string[] } | { path: undefined, reason: string }}
 */
export function findKotlin(env = process.env, exists = existsSync) {
  const kotlinc = findProgram(
    { command: 'kotlinc', homeVariable: KOTLIN_HOME_VARIABLE, howToGet: HOW_TO_GET_KOTLIN },
    env,
    exists,
  );
  if (kotlinc.path === undefined) return kotlinc;
  const named = env[OKHTTP_CLASSPATH_VARIABLE];
  const classpath = named ? named.split(delimiter).filter((jar) => jar !== '') : DEBIAN_OKHTTP_CLASSPATH;
  const missing = classpath.find((jar) => !exists(jar));
  if (missing === undefined && classpath.length > 0) return { path: kotlinc.path, classpath };
  if (!named) return { path: undefined, reason: HOW_TO_GET_KOTLIN };
  return { path: undefined, reason: `${OKHTTP_CLASSPATH_VARIABLE}=${named} names no jar at ${missing ?? '(none)'}` };
}

import { existsSync } from 'node:fs';
import { findProgram } from './find-program.js';

/** Debian's Java runtime package: what CI installs for the peer tools' tests (Specmatic runs on Java 17). */
export const DEBIAN_JAVA_PACKAGE = 'openjdk-17-jre-headless';

/** The environment variable that names a Java installation to use instead of the one on the PATH. */
export const JAVA_HOME_VARIABLE = 'JAVA_HOME';

/** The one line that says how to get Java when none can be found or installed here. */
export const HOW_TO_GET_JAVA =
  `no Java for the peer tools' tests (Specmatic): install Debian's (sudo apt-get install ${DEBIAN_JAVA_PACKAGE}), ` +
  `or set ${JAVA_HOME_VARIABLE} to a Java 17 or later`;

/**
 * Finds the `java` the peer tools' tests run (Specmatic is a Java program, the Java and Kotlin samples run on it):
 * the one of the installation `JAVA_HOME` names (which must have one), else the first on the PATH (Debian's
 * `openjdk-17-jre-headless` puts it there). Never installs anything; whether it is new enough is for the caller to ask
 * it (`java -version`).
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findJava(env = process.env, exists = existsSync) {
  return findProgram({ command: 'java', homeVariable: JAVA_HOME_VARIABLE, howToGet: HOW_TO_GET_JAVA }, env, exists);
}

import { programFinder } from './find-program.js';

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
 * `JAVA_HOME`'s, else the first on the PATH (Debian's `openjdk-17-jre-headless` puts it there). Whether it is new
 * enough is for the caller to ask it (`java -version`).
 */
export const findJava = programFinder({ command: 'java', homeVariable: JAVA_HOME_VARIABLE, howToGet: HOW_TO_GET_JAVA });

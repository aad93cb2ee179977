import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findJava, HOW_TO_GET_JAVA } from '../src/find-java.js';

const none = () => false;

describe('findJava', () => {
  it('takes the java of the installation JAVA_HOME names, and refuses one without it', () => {
    const java = join('/opt/jdk-21', 'bin', 'java');
    expect(findJava({ JAVA_HOME: '/opt/jdk-21', PATH: '/usr/bin' }, (path) => path === java)).toEqual({ path: java });
    expect(findJava({ JAVA_HOME: '/opt/none' }, none)).toEqual({
      path: undefined,
      reason: 'JAVA_HOME=/opt/none has no bin/java',
    });
  });

  it('takes the first java on the PATH when no variable names one', () => {
    const onPath = (/** @type {string} */ path) => path === '/usr/bin/java' || path === '/usr/local/bin/java';
    expect(findJava({ PATH: '/nowhere:/usr/local/bin:/usr/bin' }, onPath)).toEqual({ path: '/usr/local/bin/java' });
  });

  it('says in one line how to get one when none is found', () => {
    expect(findJava({ PATH: '/usr/bin' }, none)).toEqual({ path: undefined, reason: HOW_TO_GET_JAVA });
    expect(HOW_TO_GET_JAVA).not.toContain('\n');
    expect(HOW_TO_GET_JAVA).toContain('openjdk-17-jre-headless');
  });
});

import { describe, expect, it } from 'vitest';
import { DEBIAN_OKHTTP_CLASSPATH, findKotlin, HOW_TO_GET_KOTLIN } from '../src/find-kotlin.js';

const KOTLINC = '/usr/bin/kotlinc';
/** @param {string[]} present */
const only = (present) => (/** @type {string} */ path) => present.includes(path);

describe('findKotlin', () => {
  it("takes kotlinc from the PATH and Debian's OkHttp 3 and Okio", () => {
    expect(findKotlin({ PATH: '/usr/bin' }, only([KOTLINC, ...DEBIAN_OKHTTP_CLASSPATH]))).toEqual({
      path: KOTLINC,
      classpath: DEBIAN_OKHTTP_CLASSPATH,
    });
  });

  it('takes the jars OKHTTP_CLASSPATH names, and refuses a jar that is not there', () => {
    const jars = ['/opt/okhttp-3.14.9.jar', '/opt/okio-1.17.2.jar'];
    const env = { PATH: '/usr/bin', OKHTTP_CLASSPATH: jars.join(':') };
    expect(findKotlin(env, only([KOTLINC, ...jars]))).toEqual({ path: KOTLINC, classpath: jars });
    expect(findKotlin(env, only([KOTLINC, jars[0] ?? '']))).toEqual({
      path: undefined,
      reason: `OKHTTP_CLASSPATH=${env.OKHTTP_CLASSPATH} names no jar at /opt/okio-1.17.2.jar`,
    });
  });

  it('says in one line how to get both when the compiler or the jars are missing', () => {
    expect(findKotlin({ PATH: '/usr/bin' }, only(DEBIAN_OKHTTP_CLASSPATH))).toEqual({
      path: undefined,
      reason: HOW_TO_GET_KOTLIN,
    });
    expect(findKotlin({ PATH: '/usr/bin' }, only([KOTLINC]))).toEqual({ path: undefined, reason: HOW_TO_GET_KOTLIN });
    expect(HOW_TO_GET_KOTLIN).not.toContain('\n');
    expect(HOW_TO_GET_KOTLIN).toContain('apt-get install kotlin libokhttp-java');
  });
});

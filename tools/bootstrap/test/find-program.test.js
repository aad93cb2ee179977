import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGo, GO } from '../src/find-go.js';
import { DEBIAN_JAVA_PACKAGE, findJava, HOW_TO_GET_JAVA } from '../src/find-java.js';
import { canInstallFromDebian } from '../src/find-program.js';

const none = () => false;

/** The programs found as an installation's `bin/` or on the PATH (findProgram), each as the bootstrap uses it. */
const PROGRAMS = [
  {
    find: findJava,
    command: 'java',
    homeVariable: 'JAVA_HOME',
    howToGet: HOW_TO_GET_JAVA,
    debian: DEBIAN_JAVA_PACKAGE,
  },
  { find: findGo, command: 'go', homeVariable: 'GOROOT', howToGet: GO.howToGet, debian: GO.debianPackage },
];

describe.each(PROGRAMS)('$command', ({ find, command, homeVariable, howToGet, debian }) => {
  it(`takes the ${command} of the installation ${homeVariable} names, and refuses one without it`, () => {
    const named = join('/opt/named', 'bin', command);
    expect(find({ [homeVariable]: '/opt/named', PATH: '/usr/bin' }, (path) => path === named)).toEqual({ path: named });
    expect(find({ [homeVariable]: '/opt/none', PATH: '/usr/bin' }, (path) => path.startsWith('/usr/bin'))).toEqual({
      path: undefined,
      reason: `${homeVariable}=/opt/none has no bin/${command}`,
    });
  });

  it('takes the first on the PATH when no variable names one', () => {
    const onPath = (/** @type {string} */ path) =>
      path === `/usr/bin/${command}` || path === `/usr/local/bin/${command}`;
    expect(find({ PATH: '/nowhere:/usr/local/bin:/usr/bin' }, onPath)).toEqual({ path: `/usr/local/bin/${command}` });
  });

  it("says in one line how to get one when none is found, naming Debian's package", () => {
    expect(find({ PATH: '/usr/bin' }, none)).toEqual({ path: undefined, reason: howToGet });
    expect(howToGet).not.toContain('\n');
    expect(howToGet).toContain(`apt-get install ${debian}`);
  });
});

describe('canInstallFromDebian', () => {
  it('only as root on a machine with apt-get', () => {
    expect(canInstallFromDebian({ uid: 0, hasAptGet: true })).toBe(true);
    expect(canInstallFromDebian({ uid: 1000, hasAptGet: true })).toBe(false);
    expect(canInstallFromDebian({ uid: 0, hasAptGet: false })).toBe(false);
    expect(canInstallFromDebian({ uid: undefined, hasAptGet: true })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readVitestArguments } from '../src/vitest-arguments.js';

const OWN = ['--allow-skipped-behaviour', '--coverage-report'];

describe('readVitestArguments', () => {
  it('keeps its own flags apart and passes the known vitest options on with their values, in order', () => {
    const read = readVitestArguments(
      [
        '--reporter',
        'junit',
        '--outputFile.junit=out.xml',
        '--allow-skipped-behaviour',
        '-t',
        'token',
        '--coverage-report',
        'happy',
      ],
      OWN,
    );
    expect(read).toEqual({
      own: ['--allow-skipped-behaviour', '--coverage-report'],
      forwarded: ['--reporter', 'junit', '--outputFile.junit=out.xml', '-t', 'token', 'happy'],
      help: false,
    });
  });

  it('passes everything after -- on as it is, and reads --silent as a switch', () => {
    expect(readVitestArguments(['--silent', 'suite', '--', '--bogus', '-x'], OWN)).toEqual({
      own: [],
      forwarded: ['--silent', 'suite', '--bogus', '-x'],
      help: false,
    });
  });

  it('says -h and --help were asked for', () => {
    expect(readVitestArguments(['-h'], OWN)).toMatchObject({ help: true });
    expect(readVitestArguments(['--help'], OWN)).toMatchObject({ help: true });
  });

  it('refuses an unknown option by name, and an option without its value', () => {
    expect(readVitestArguments(['--bogus'], OWN)).toEqual({
      problem: "unknown option '--bogus' (other options of vitest run go after --)",
    });
    expect(readVitestArguments(['--alow-skipped-behaviour'], OWN)).toEqual({
      problem:
        "unknown option '--alow-skipped-behaviour' (did you mean --allow-skipped-behaviour? other options of vitest " +
        'run go after --)',
    });
    expect(readVitestArguments(['--reportr=junit'], OWN)).toEqual({
      problem: "unknown option '--reportr=junit' (did you mean --reporter? other options of vitest run go after --)",
    });
    expect(readVitestArguments(['--reporter'], OWN)).toEqual({ problem: "option '--reporter' needs a value" });
    expect(readVitestArguments(['--bail', '--silent'], OWN)).toEqual({ problem: "option '--bail' needs a value" });
  });
});

// A command's `main` run in the test's own process, as its bin would run it: what it writes to stdout and stderr, and
// the status it exits with (by `process.exit` or `process.exitCode`). A test of a command line then costs a function
// call, not a Node process, and the bin that calls `main` is proven by one run of its own.

/** Thrown in place of `process.exit`, to end the command where it would have ended the process. */
class ExitCalled extends Error {
  /** @param {number} code */
  constructor(code) {
    super(`process.exit(${code})`);
    this.code = code;
  }
}

/**
 * @param {(args: string[]) => unknown} main the command's main function
 * @param {string[]} args its command line, the command's name aside
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export async function runCommandInProcess(main, args) {
  /** @type {{ stdout: string[], stderr: string[] }} */
  const written = { stdout: [], stderr: [] };
  const saved = {
    exit: process.exit,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    log: console.log,
    error: console.error,
    exitCode: process.exitCode,
  };
  /** @param {'stdout' | 'stderr'} stream */
  const capture = (stream) =>
    /** @type {any} */ ((/** @type {unknown} */ chunk) => written[stream].push(String(chunk)));
  process.exit = /** @type {typeof process.exit} */ (
    (code) => {
      throw new ExitCalled(Number(code ?? 0));
    }
  );
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  console.log = (...values) => written.stdout.push(`${values.join(' ')}\n`);
  console.error = (...values) => written.stderr.push(`${values.join(' ')}\n`);
  process.exitCode = undefined;
  let code = 0;
  try {
    await main(args);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof ExitCalled)) throw error;
    code = error.code;
  } finally {
    process.exit = saved.exit;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    console.log = saved.log;
    console.error = saved.error;
    process.exitCode = saved.exitCode;
  }
  return { code, stdout: written.stdout.join(''), stderr: written.stderr.join('') };
}

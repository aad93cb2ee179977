import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from './command-line.js';

/**
 * @typedef {object} GeneratedFile
 * @property {URL} file where the output is committed
 * @property {string} name how messages name it (`packages/types/src/openapi.ts`)
 * @property {string} regenerate the command that regenerates it
 */

/**
 * The committed version of a generated file: the git index, so that a staged regeneration counts as committed;
 * outside a git checkout (a published tarball), the file on disk.
 * @param {URL} file
 * @returns {Promise<string>}
 */
async function committedOutput(file) {
  const path = fileURLToPath(file);
  try {
    return execFileSync('git', ['show', `:./${basename(path)}`], {
      cwd: dirname(path),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return readFile(path, 'utf8').catch(() => '');
  }
}

/**
 * Writes a generator's fresh output, or, with `--check`, exits 1 if the committed file differs from it (what CI runs
 * after the build). Generated files are committed so that reviewers see them change with the spec. The command line
 * is read before anything is generated: any other argument is a wrong input (exit 2), never a silent write.
 * @param {GeneratedFile} generated
 * @param {() => string | Promise<string>} generate makes the output now
 * @param {string[]} [args] the command line, the command aside
 */
export async function writeOrCheckGenerated({ file, name, regenerate }, generate, args = process.argv.slice(2)) {
  const command = {
    name: regenerate,
    usage: `usage: ${regenerate} [--check]\n  --check      exit 1 when the committed ${name} is not what it makes`,
  };
  const { values } = readCommandLine(command, args, { options: { check: { type: 'boolean' } } });
  const fresh = await generate();
  if (values.check) {
    if ((await committedOutput(file)) !== fresh) {
      console.error(
        `${name} is stale: the committed file does not match the bundled spec.\n` +
          `Run \`${regenerate}\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`${name} matches the bundled spec.`);
  } else {
    await mkdir(new URL('./', file), { recursive: true });
    await writeFile(file, fresh);
    console.log(`wrote ${fileURLToPath(file)}`);
  }
}

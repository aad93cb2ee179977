import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a server's settings as `NAME=value` lines under a comment, for a script to source (`--write-env`): the same
 * settings `exec` puts in its command's environment. Written to a temporary file beside it and renamed over it, so that
 * a script that sources it as soon as it appears never reads half of it.
 * @param {string} file
 * @param {Record<string, string>} settings
 * @param {string} comment the first line, without its `# `
 * @throws {Error} naming the file and why it could not be written
 */
export function writeEnvFile(file, settings, comment) {
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, `# ${comment}\n${lines.join('\n')}\n`);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`cannot write --write-env ${file}: ${/** @type {Error} */ (error).message}`);
  }
}

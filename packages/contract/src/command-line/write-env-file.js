import { writeFileSync } from 'node:fs';

/**
 * Writes a server's settings as `NAME=value` lines under a comment, for a script to source (`--write-env`): the same
 * settings `exec` puts in its command's environment.
 * @param {string} file
 * @param {Record<string, string>} settings
 * @param {string} comment the first line, without its `# `
 * @throws {Error} naming the file and why it could not be written
 */
export function writeEnvFile(file, settings, comment) {
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  try {
    writeFileSync(file, `# ${comment}\n${lines.join('\n')}\n`);
  } catch (error) {
    throw new Error(`cannot write --write-env ${file}: ${/** @type {Error} */ (error).message}`);
  }
}

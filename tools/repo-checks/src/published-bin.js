import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The file a package's bin runs when installed: the one its package.json's `bin` names (the mock's and the emulator's:
 * the bundle their build makes, `bundle-bin`), not its source in `bin/`, so that a test or a benchmark runs what users
 * run.
 * @param {string} packageName as the caller would import it (`@payments-connect/mock`)
 * @param {string} binName the command (`payments-connect-mock`)
 * @param {string | URL} from the caller's `import.meta.url`, from where the package is resolved
 * @returns {string} an absolute path
 * @throws {Error} when the package names no such bin
 */
export function publishedBin(packageName, binName, from) {
  const manifestPath = createRequire(from).resolve(`${packageName}/package.json`);
  const file = createRequire(from)(`${packageName}/package.json`).bin?.[binName];
  if (typeof file !== 'string') throw new Error(`${packageName}'s package.json has no bin ${binName}`);
  return join(dirname(manifestPath), file);
}

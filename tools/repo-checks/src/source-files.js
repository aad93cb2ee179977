import { execFileSync } from 'node:child_process';

/**
 * The files git would commit below `dir`: tracked ones and untracked ones that no ignore rule covers,
 * as paths relative to `dir`.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesGitSees(dir) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '.'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter(Boolean))];
}

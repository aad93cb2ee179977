import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * The shell block of a README that follows the marker `<!-- recipe: NAME -->`, exactly as a reader copies it.
 * @param {string | URL} readme
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function readmeRecipe(readme, name) {
  const text = await readFile(readme, 'utf8');
  const marker = `<!-- recipe: ${name} -->`;
  const at = text.indexOf(marker);
  const block = at === -1 ? null : /^```sh\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length));
  if (!block?.[1]) throw new Error(`${String(readme)} has no \`\`\`sh block after ${marker}`);
  return block[1];
}

/**
 * Runs a shell script with bash, as a CI step would (`bash -e`; `errexit: false` runs it as a script file a reader
 * pasted it into, whose status is its last command's), and collects what it printed.
 * @param {string} script
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, errexit?: boolean }} options
 * @returns {Promise<{ code: number | null, output: string, pid: number }>} code null when it was killed for time;
 *   `pid` the script's, the id of the process group of everything it started
 */
export function runShellScript(script, { cwd, env, timeoutMs, errexit = true }) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that a script that hangs is ended with everything it started.
    const args = [...(errexit ? ['-e'] : []), '-c', script];
    const child = spawn('bash', args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, pid: child.pid ?? 0 });
    });
  });
}

/** @param {number | undefined} pid */
export function killGroup(pid) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Whether any process of a script's group (what it started in the background, too) is still there.
 * @param {number} pid the script's
 */
export function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

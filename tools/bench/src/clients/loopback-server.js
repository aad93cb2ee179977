import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_PROCESS = fileURLToPath(new URL('./loopback-server-process.js', import.meta.url));

/**
 * Starts a node:http server on 127.0.0.1 in a child process that answers like the stubbed fetch (the token,
 * else the RFI case), with keep-alive, so that the clients' cost is measured over a real socket.
 * @param {import('./sample-exchange.js').SampleExchange} sample
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export function startLoopbackServer(sample) {
  const child = fork(SERVER_PROCESS, [JSON.stringify(sample)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    exited.then((code) => reject(new Error(`the loopback server exited (${code}) before it listened`)));
    child.once('message', (port) => {
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          child.kill();
          await exited;
        },
      });
    });
  });
}

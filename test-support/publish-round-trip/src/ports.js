import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const HOST = '127.0.0.1';
/** How often a port is probed while waiting for it to open or close. */
const PROBE_INTERVAL_MS = 100;

/** A free port on 127.0.0.1 (closed again before the caller binds it). */
export async function freePort() {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Whether something accepts connections on 127.0.0.1:`port`.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isListening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until nothing listens on the port any more.
 * @param {number} port
 * @param {number} timeoutMs
 * @returns {Promise<boolean>} false when something still listened at the deadline
 */
export async function waitUntilClosed(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isListening(port))) return true;
    await sleep(PROBE_INTERVAL_MS);
  }
  return !(await isListening(port));
}

/**
 * Waits until something listens on the port.
 * @param {number} port
 * @param {number} timeoutMs
 * @returns {Promise<boolean>} false when nothing listened by the deadline
 */
export async function waitUntilListening(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isListening(port)) return true;
    await sleep(PROBE_INTERVAL_MS);
  }
  return false;
}

import http from 'node:http';
import { httpRequest } from '../servers/http-request.js';

/**
 * Sends exactly `count` requests over `connections` keep-alive connections, each sending its next request when its
 * answer is in. For figures taken after a number of requests (memory), not for rates: wrk runs for a time, and this
 * loop shares the bench's event loop, so no rate is read from it.
 * @param {import('./wrk.js').LoadTarget} target
 * @param {{ connections: number, count: number }} plan
 * @returns {Promise<{ ok: number, failed: number }>}
 */
export async function sendRequests(target, { connections, count }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  let ok = 0;
  const connection = async () => {
    while (sent < count) {
      sent += 1;
      const { status } = await httpRequest(target.url, { headers: target.headers, agent }).catch(() => ({ status: 0 }));
      if (status >= 200 && status < 300) ok += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, connection));
  } finally {
    agent.destroy();
  }
  return { ok, failed: count - ok };
}

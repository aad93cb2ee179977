import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Sends `requests` GETs to `url` with at most `inFlight` outstanding, over keep-alive sockets of node:http
 * (lighter than fetch, so less of the shared CPU goes to the load generator), and answers the rate achieved.
 * Every answer must be 200: a rate of errors is not a rate.
 * @param {string} url
 * @param {{ requests: number, inFlight: number, headers: Record<string, string> }} options
 * @returns {Promise<number>} requests per second
 */
export async function measureRequestRate(url, { requests, inFlight, headers }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      sent += 1;
      await getOk(url, headers, agent);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: inFlight }, worker));
  } finally {
    agent.destroy();
  }
  return requests / ((performance.now() - started) / 1000);
}

/**
 * One GET that must answer 200, body read to the end.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {http.Agent | false} agent
 * @returns {Promise<void>}
 */
export function getOk(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`GET ${url} answered ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

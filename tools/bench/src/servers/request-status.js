import http from 'node:http';

/**
 * Sends one request with node:http and answers its status once the body is read. Start times are measured with it
 * rather than fetch, whose first call in a process loads undici (tens of milliseconds that are the client's).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [init]
 * @returns {Promise<number>}
 */
export function requestStatus(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

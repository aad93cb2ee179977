import http from 'node:http';

/**
 * Sends one request with node:http and answers its status and body once the body is read. Starts are timed with it
 * rather than fetch, whose first call in a process loads undici (tens of milliseconds that are the client's).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, agent?: http.Agent }} [init]
 *   without an agent, a connection of its own
 * @returns {Promise<{ status: number, body: string }>}
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: agent ?? false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

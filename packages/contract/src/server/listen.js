/**
 * Listens on a port and host, and says why it cannot in one wording for every server.
 * @param {import('node:http').Server} server
 * @param {number} port 0 picks a free one
 * @param {string} host
 * @returns {Promise<{ url: string, port: number }>} the base URL, no trailing slash (`http://127.0.0.1:4010`)
 * @throws {Error} with a message that says what to do: the port is taken, not permitted, or the host not there
 */
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const onError = (error) => {
      server.off('listening', onListening);
      reject(new Error(bindFailureMessage(error, host, port)));
    };
    const onListening = () => {
      server.off('error', onError);
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ url: `http://${urlHost}:${address.port}`, port: address.port });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * @param {NodeJS.ErrnoException} error
 * @param {string} host
 * @param {number} port
 */
function bindFailureMessage(error, host, port) {
  if (error.code === 'EADDRINUSE') {
    const advice = 'stop whatever listens there, or choose another port (--port, or 0 for a free one)';
    return `port ${port} on ${host} is already in use: ${advice}`;
  }
  if (error.code === 'EACCES') return `no permission to listen on ${host}:${port}: choose a port above 1023`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `cannot listen on host ${host}: no such address on this machine (${error.code})`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

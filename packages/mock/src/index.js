// Public API of @payments-connect/mock. Importing it does not load Prism: that happens in the child.
export { startMock, DEFAULT_START_TIMEOUT_MS } from './start-mock.js';
export { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

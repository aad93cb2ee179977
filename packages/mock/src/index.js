// Public API of @payments-connect/mock. Importing it does not load Prism: that happens in the child.

export { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';
export { DEFAULT_START_TIMEOUT_MS, startMock } from './start-mock.js';

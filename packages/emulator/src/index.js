/**
 * @payments-connect/emulator: a stateful local sandbox of the Payments Connect API v1.0.
 * `startEmulator` is the whole API; the constants name the seed data and the emulator's own choices.
 */

export {
  CONTROL_PREFIX,
  DEFAULT_CLI_PORT,
  DEFAULT_CREDENTIALS,
  DEFAULT_HOST,
  DEFAULT_TOKEN_TTL_SECONDS,
  HOSTED_SESSION_WINDOW_SECONDS,
} from './defaults.js';
export { startEmulator } from './emulator.js';
export { EVENT_DESIGNED_BY, EVENT_TYPES } from './event-bus.js';
export { SANDBOX_FIXTURE_VARIABLES } from './sandbox-env.js';
export { ACCOUNT_IDS, OPEN_RFI_STATUS, SEED_IDS, TERMINAL_RFI_STATUSES } from './seed.js';

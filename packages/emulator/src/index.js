/**
 * @payments-connect/emulator: a stateful local sandbox of the Payments Connect API v1.0.
 * `startEmulator` is the whole API; the constants name the seed data and the emulator's own choices. The types are
 * declared by the JSDoc of the modules, and published as declarations generated from it.
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

/** @typedef {import('./emulator.js').Emulator} Emulator a running emulator */
/** @typedef {import('./options.js').EmulatorOptions} EmulatorOptions */
/** @typedef {import('./emulator.js').Violation} Violation an answer of the emulator that broke the contract */
/** @typedef {import('./event-bus.js').EmulatorEvent} EmulatorEvent */
/** @typedef {import('./event-bus.js').EventRecord} EventRecord */
/** @typedef {import('./fault-injector.js').FaultSpec} FaultSpec */
/** @typedef {import('./controller.js').CreateRfiCaseInput} CreateRfiCaseInput */
/** @typedef {import('./controller.js').RfiItemInput} RfiItemInput */
/** @typedef {Emulator['fixtures']} Fixtures the ids of the seed data the conformance suite's fixtures name */
/** @typedef {import('./token-issuer.js').Credentials} ClientCredentials */

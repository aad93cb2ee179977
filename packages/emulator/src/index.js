/**
 * @payments-connect/emulator: a stateful local sandbox of the Payments Connect API v1.0.
 * `startEmulator` starts one (from a saved state, perhaps one of `SHIPPED_SNAPSHOTS`); `connectEmulator` controls a
 * running one from any process; the constants name the seed data and the emulator's own choices. The types are
 * declared by the JSDoc of the modules, and published as declarations generated from it.
 */

export { ControlCallError } from '@payments-connect/contract/control';
export { connectEmulator } from './connect-emulator.js';
export { CONTROL_PREFIX } from './control-routes.js';
export {
  DEFAULT_CLI_PORT,
  DEFAULT_CREDENTIALS,
  DEFAULT_HOST,
  DEFAULT_TENANT_ID,
  DEFAULT_TOKEN_TTL_SECONDS,
  HOSTED_SESSION_WINDOW_SECONDS,
  MAX_TENANTS,
} from './defaults.js';
export { startEmulator } from './emulator.js';
export { EVENT_DESIGNED_BY, EVENT_TYPES } from './event-bus.js';
export { SANDBOX_FIXTURE_VARIABLES } from './sandbox-env.js';
export { ACCOUNT_IDS, OPEN_RFI_STATUS, SEED_IDS, TERMINAL_RFI_STATUSES } from './seed.js';
export { SHIPPED_SNAPSHOTS } from './shipped-snapshots.js';
export { STATE_FORMAT, STATE_FORMAT_VERSION } from './state-snapshot.js';

/** @typedef {import('./emulator.js').Emulator} Emulator a running emulator */
/** @typedef {import('./options.js').EmulatorOptions} EmulatorOptions */
/**
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation an answer of the emulator that broke
 *   the contract
 */
/** @typedef {import('./event-bus.js').EmulatorEvent} EmulatorEvent */
/** @typedef {import('./event-bus.js').EventRecord} EventRecord */
/** @typedef {import('./fault-injector.js').FaultSpec} FaultSpec */
/** @typedef {import('./fault-injector.js').Fault} Fault a pending fault, as `GET /_emulator/faults` lists it */
/** @typedef {import('./control-routes.js').EmulatorClockReading} EmulatorClockReading */
/** @typedef {import('./tenant-registry.js').Tenant} Tenant */
/** @typedef {import('./tenant-registry.js').TenantAccounts} TenantAccounts */
/** @typedef {import('./tenant-registry.js').EmulatorAccount} EmulatorAccount */
/** @typedef {import('./token-issuer.js').TokenScope} TokenScope */
/** @typedef {import('./connect-emulator.js').EmulatorConnection} EmulatorConnection what `connectEmulator` returns */
/** @typedef {import('./connect-emulator.js').ConnectOptions} ConnectOptions */
/** @typedef {import('./control-routes.js').AccountFilter} AccountFilter */
/** @typedef {import('./control-api.js').EmulatorControl} EmulatorControl what `emulator.control` is */
/** @typedef {import('./control-api.js').EmulatorDescription} EmulatorDescription what `GET /_emulator` answers */
/** @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry a request the emulator received */
/** @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter */
/** @typedef {import('./controller.js').CreateRfiCaseInput} CreateRfiCaseInput */
/** @typedef {import('./controller.js').RfiItemInput} RfiItemInput */
/** @typedef {import('./controller.js').CreatePaymentRequestInput} CreatePaymentRequestInput */
/** @typedef {import('./tenant-registry.js').Fixtures} Fixtures the ids of a seed's records, by fixture */
/** @typedef {import('./token-issuer.js').Credentials} ClientCredentials */
/** @typedef {import('./state-snapshot.js').EmulatorState} EmulatorState a snapshot of an emulator's state */
/** @typedef {import('./state-snapshot.js').StateHeader} StateHeader what a snapshot is, when and whence taken */
/** @typedef {import('./emulator-state.js').StateRestored} StateRestored what a restore answers */
/** @typedef {import('./tenant-registry.js').TenantState} TenantState a tenant as a snapshot holds it */
/** @typedef {import('./token-issuer.js').IssuedToken} IssuedToken a token as a snapshot holds it */
/** @typedef {import('./shipped-snapshots.js').ShippedSnapshot} ShippedSnapshot a snapshot file of the package */

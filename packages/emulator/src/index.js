// @payments-connect/emulator: `startEmulator` starts one (perhaps from one of `SHIPPED_SNAPSHOTS`); `connectEmulator`
// controls a running one from any process; the constants name the seed and the emulator's own choices. Importing it
// loads no contract, Ajv or server: `startEmulator` loads the contract and the server. Types: the modules' JSDoc,
// published as declarations.

export { ControlCallError, RefusalError } from '@payments-connect/contract/control';
export { connectEmulator } from './connect-emulator.js';
export { CONTROL_PREFIX } from './control-routes.js';
export {
  DEFAULT_CLI_PORT,
  DEFAULT_HOST,
  DEFAULT_TENANT_ID,
  DEFAULT_TOKEN_TTL_SECONDS,
  MAX_TENANTS,
} from './defaults.js';
export { startEmulator } from './emulator.js';
export { EVENT_DESIGNED_BY, EVENT_TYPES } from './event-log.js';
export { HOSTED_SESSION_WINDOW_SECONDS } from './model/payment-requests.js';
export { OPEN_RFI_STATUS, TERMINAL_RFI_STATUSES } from './model/rfi-cases.js';
export { SANDBOX_FIXTURE_VARIABLES } from './sandbox-env.js';
export { ACCOUNT_IDS, DEFAULT_CREDENTIALS, SEED_IDS } from './seed.js';
export { SHIPPED_SNAPSHOTS } from './snapshot/snapshot-files.js';
export { STATE_FORMAT, STATE_FORMAT_VERSION } from './snapshot/snapshot-keeper.js';

/** @typedef {import('./emulator.js').Emulator} Emulator a running emulator */
/** @typedef {import('./emulator.js').EmulatorOptions} EmulatorOptions */
/**
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation an answer of the emulator that broke
 *   the contract
 */
/** @typedef {import('./event-log.js').EmulatorEvent} EmulatorEvent */
/** @typedef {import('./event-log.js').EventRecord} EventRecord */
/** @typedef {import('./fault-injector.js').FaultSpec} FaultSpec */
/** @typedef {import('./fault-injector.js').Fault} Fault a pending fault, as `GET /_emulator/faults` lists it */
/** @typedef {import('./control-routes.js').EmulatorClockReading} EmulatorClockReading */
/** @typedef {import('./control-routes.js').TenantOptions} TenantOptions */
/** @typedef {import('./control-routes.js').NextEventOptions} NextEventOptions */
/** @typedef {import('./control-routes.js').RestoreTenantOptions} RestoreTenantOptions */
/** @typedef {import('./tenant-worlds.js').Tenant} Tenant */
/** @typedef {import('./tenant-world.js').TenantAccounts} TenantAccounts */
/** @typedef {import('./tenant-world.js').EmulatorAccount} EmulatorAccount */
/** @typedef {import('./token-issuer.js').TokenScope} TokenScope */
/** @typedef {import('./connect-emulator.js').EmulatorConnection} EmulatorConnection what `connectEmulator` returns */
/** @typedef {import('./connect-emulator.js').ConnectOptions} ConnectOptions */
/** @typedef {import('./control-routes.js').AccountFilter} AccountFilter */
/** @typedef {import('./control-handlers.js').EmulatorControl} EmulatorControl what `emulator.control` is */
/** @typedef {import('./control-handlers.js').EmulatorDescription} EmulatorDescription what `GET /_emulator` answers */
/** @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry a request the emulator received */
/** @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter */
/** @typedef {import('./model/rfi-cases.js').CreateRfiCaseInput} CreateRfiCaseInput */
/** @typedef {import('./model/rfi-cases.js').RfiItemInput} RfiItemInput */
/** @typedef {import('./model/payment-requests.js').CreatePaymentRequestInput} CreatePaymentRequestInput */
/** @typedef {import('./tenant-worlds.js').Fixtures} Fixtures the ids of a seed's records, by fixture */
/** @typedef {import('./token-issuer.js').Credentials} ClientCredentials */
/** @typedef {import('./snapshot/snapshot-keeper.js').EmulatorSnapshot} EmulatorSnapshot a snapshot of an emulator */
/**
 * @typedef {import('./snapshot/snapshot-keeper.js').EmulatorSnapshot} EmulatorState deprecated: the earlier name of
 *   `EmulatorSnapshot`, kept for code that names it
 */
/** @typedef {import('./snapshot/snapshot-keeper.js').StateHeader} StateHeader what a snapshot is, whence taken */
/** @typedef {import('./snapshot/snapshot-keeper.js').StateRestored} StateRestored what a restore answers */
/** @typedef {import('./tenant-worlds.js').TenantState} TenantState a tenant as a snapshot holds it */
/** @typedef {import('./token-issuer.js').IssuedToken} IssuedToken a token as a snapshot holds it */
/** @typedef {import('./snapshot/snapshot-files.js').ShippedSnapshot} ShippedSnapshot a snapshot file */

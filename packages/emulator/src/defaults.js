/** Defaults and limits of the emulator, named once so that the CLI, the README and the code agree. Loads nothing. */
import { COMMAND_PORTS } from '@payments-connect/contract/command-line';

export { DEFAULT_HOST } from '@payments-connect/contract/command-line';

/** Port the CLI listens on when `--port` is not given (the programmatic default is 0, an ephemeral port). */
export const DEFAULT_CLI_PORT = COMMAND_PORTS.emulator;

/**
 * Lifetime of an access token in seconds: one hour, as the spec's token example shows (the document states no
 * lifetime: the example's value is illustrative, and so is this default).
 */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

/** How long one webhook delivery may take before it is recorded as failed (the emulator never retries). */
export const WEBHOOK_DELIVERY_TIMEOUT_MS = 2000;

/** The most questions, or document requests, one case created through the control API may hold. */
export const MAX_CONTROL_ITEMS = 100;

/** The tenant of the start-up seed: the accounts and fixtures `startEmulator` resolves to, `GET /_emulator` shows. */
export const DEFAULT_TENANT_ID = 'default';

/** The most tenants besides `default` at once, unless `maxTenants` says otherwise (a memory bound). */
export const MAX_TENANTS = 1000;

/** The most faults pending at once, unless `maxPendingFaults` says otherwise: each waits for its calls or a clear. */
export const MAX_PENDING_FAULTS = 1000;

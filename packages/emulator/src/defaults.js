/** Defaults of the emulator, named once so the CLI, the README and the code agree. */

import { COMMAND_PORTS } from '@payments-connect/contract/server';
import { EXAMPLE_CREDENTIALS } from './example-fixtures.js';

export { DEFAULT_HOST } from '@payments-connect/contract/server';

/** Port the CLI listens on when `--port` is not given (the programmatic default is 0, an ephemeral port). */
export const DEFAULT_CLI_PORT = COMMAND_PORTS.emulator;

/**
 * Lifetime of an access token in seconds: one hour, as the spec's token example shows (the document states no
 * lifetime: the example's value is illustrative, and so is this default).
 */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

/** The document fixes the refreshed hosted payment session at one hour. */
export const HOSTED_SESSION_WINDOW_SECONDS = 3600;

/**
 * Credentials the emulator accepts when none are configured: those of the spec's token request example, so that the
 * example, sent as it is, gets a token. Not secret: the emulator is local only.
 */
export const DEFAULT_CREDENTIALS = EXAMPLE_CREDENTIALS;

/** How long one webhook delivery may take before it is recorded as failed (the emulator never retries). */
export const WEBHOOK_DELIVERY_TIMEOUT_MS = 2000;

/** The most questions, or document requests, one case created through the control API may hold. */
export const MAX_CONTROL_ITEMS = 100;

/** The tenant of the start-up seed: the accounts and fixtures `startEmulator` resolves to, `GET /_emulator` shows. */
export const DEFAULT_TENANT_ID = 'default';

/** The most tenants `POST /_emulator/tenants` creates before one is deleted or the emulator reset (memory bound). */
export const MAX_TENANTS = 1000;

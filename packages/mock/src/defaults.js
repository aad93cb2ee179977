/** Defaults of the mock, named once so the CLI, the README and the code agree. */
import { COMMAND_PORTS, DEFAULT_LIMITS } from '@payments-connect/contract/server';

export { DEFAULT_HOST } from '@payments-connect/contract/server';

/** Prism's customary port, so URLs in other teams' configs keep working. */
export const DEFAULT_PORT = COMMAND_PORTS.mock;

/**
 * Largest request body read: the limit of every server of the contract. The document shows no upload limit; this only
 * protects the process. A larger body is refused (400 `VALIDATION_FAILED`) as soon as its Content-Length or its first
 * bytes past the limit arrive.
 */
export const MAX_BODY_BYTES = DEFAULT_LIMITS.maxBodyBytes;

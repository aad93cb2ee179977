/** Defaults and limits of the mock, named once so the CLI, the README and the code agree. */

/** Prism's customary port, so URLs in other teams' configs keep working. */
export const DEFAULT_PORT = 4010;

/** Loopback only: a CI mock has no business on other interfaces unless asked. */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * Largest request body read. The document shows no upload limit; this only protects the process. A larger body is
 * refused (400 `VALIDATION_FAILED`) as soon as its Content-Length or its first bytes past the limit arrive.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** How long a client may take to send the request head (slowloris ends here). */
export const HEADERS_TIMEOUT_MS = 10_000;

/** How long a client may take to send a whole request, body included. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** How often the server looks for connections past their timeouts (Node's default, 30 s, lets a slow client linger). */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/** The most request headers read. */
export const MAX_HEADERS_COUNT = 100;

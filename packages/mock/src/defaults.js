/** Prism's customary port, so URLs in other teams' configs keep working. */
export const DEFAULT_PORT = 4010;
/** Loopback only: a CI mock has no business on other interfaces unless asked. */
export const DEFAULT_HOST = '127.0.0.1';

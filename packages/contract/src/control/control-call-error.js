/**
 * What a call of a server's control client (`connectMock`, `connectEmulator`) throws when the server refused it or
 * could not be reached: the message names the call (method and URL) and the cause (the envelope's code and message,
 * or why no answer came), so that a failed test says what went wrong without a second look.
 */
export class ControlCallError extends Error {
  /**
   * @param {string} message
   * @param {{ method: string, url: string, status: number, code?: string | null, details?: unknown,
   *   cause?: unknown }} info `status` 0 when no answer came
   */
  constructor(message, { method, url, status, code = null, details, cause }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ControlCallError';
    /** The call's method (`POST`). */
    this.method = method;
    /** The URL called. */
    this.url = url;
    /** The answer's status; 0 when none came. */
    this.status = status;
    /** The error envelope's `code` (`VALIDATION_FAILED`, `NOT_FOUND`), null when there was none. */
    this.code = code;
    /** The envelope's `details`, when it had any. */
    this.details = details;
  }
}

/** The most bytes of a request or answer body an entry keeps; the rest is cut, and the entry says so. */
export const JOURNAL_BODY_BYTES = 64 * 1024;

/**
 * A body as a journal keeps it: text, cut at {@link JOURNAL_BODY_BYTES}.
 * @param {Uint8Array | string | undefined} body
 * @returns {{ text: string | null, truncated: boolean }}
 */
export function journaledBody(body) {
  if (body === undefined || body.length === 0) return { text: null, truncated: false };
  // A text that cannot reach the limit (at most 3 bytes a UTF-16 unit) is kept as it is: no copy for the common case.
  if (typeof body === 'string' && body.length * 3 <= JOURNAL_BODY_BYTES) return { text: body, truncated: false };
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const truncated = bytes.length > JOURNAL_BODY_BYTES;
  return { text: UTF8.decode(bytes.subarray(0, JOURNAL_BODY_BYTES)), truncated };
}

/** As Node's Buffer reads UTF-8: a byte order mark kept, a character cut at the end replaced (U+FFFD). */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

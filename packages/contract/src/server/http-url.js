/**
 * Whether a value is an absolute http or https URL: what a server's option that names another server (a proxy's
 * upstream, the emulator's webhook receiver) must be.
 * @param {unknown} value
 */
export function isHttpUrl(value) {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

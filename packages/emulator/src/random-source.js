import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** The form of every id the emulator makes, and of those it takes: a UUID (any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @typedef {object} RandomSource where the emulator draws every id, token and secret it makes
 * @property {() => string} uuid a version 4 UUID
 * @property {(bytes: number) => string} hex `bytes` random bytes as hex digits
 */

/**
 * The emulator's randomness: node's cryptographic generator, or, with a `randomSeed`, a stream that the same seed
 * always repeats (SHA-256 of the seed and a counter), so that the same calls make the same ids and tokens: a snapshot
 * made by a script is made again byte for byte. Tokens drawn from a seed are guessable, which a test tool can afford.
 * @param {string} [randomSeed] @returns {RandomSource}
 */
export function createRandomSource(randomSeed) {
  if (randomSeed === undefined) return { uuid: randomUUID, hex: (bytes) => randomBytes(bytes).toString('hex') };
  let drawn = 0;
  /** @param {number} count at most 32 */
  const draw = (count) => {
    drawn += 1;
    return createHash('sha256').update(`${randomSeed}\0${drawn}`).digest().subarray(0, count);
  };
  return {
    uuid() {
      const bytes = draw(16);
      // The version (4) and variant (10xx) bits of RFC 9562, as randomUUID sets them.
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    hex(bytes) {
      const parts = [];
      for (let left = bytes; left > 0; left -= 32) parts.push(draw(Math.min(left, 32)).toString('hex'));
      return parts.join('');
    },
  };
}

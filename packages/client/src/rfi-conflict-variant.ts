/** The two 409 `CONFLICT` variants of the RFI area (interface section 7), in the order they are looked for. */
export const RFI_CONFLICT_VARIANTS = ['RFI_NOT_OPEN', 'RFI_ITEM_ALREADY_APPROVED'] as const;

/**
 * A 409 variant of the RFI area. `RFI_NOT_OPEN`: the case is CLOSED or CANCELLED; fetch it to confirm and stop
 * polling. `RFI_ITEM_ALREADY_APPROVED`: the item is approved and locked; skip it. Neither is worth a retry.
 */
export type RfiConflictVariant = (typeof RFI_CONFLICT_VARIANTS)[number];

/**
 * Tells the 409 variants apart. Both have `code: 'CONFLICT'`; the variant name is a substring of `message`, and
 * of `details` when present. The shape of `details` is not specified: a string is searched as it is, any other
 * value as its JSON text. Returns undefined for anything else; other codes are left as they are.
 *
 * @param error the `error` of a call's result (the parsed error envelope), or any value
 */
export function rfiConflictVariant(error: unknown): RfiConflictVariant | undefined {
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  if (code !== 'CONFLICT') return undefined;
  for (const text of [message, typeof details === 'string' ? details : JSON.stringify(details)]) {
    for (const variant of RFI_CONFLICT_VARIANTS) if (typeof text === 'string' && text.includes(variant)) return variant;
  }
  return undefined;
}

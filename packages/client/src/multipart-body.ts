/**
 * openapi-fetch's body serializer for this API: JSON, except a body holding a Blob or File, which becomes
 * `multipart/form-data` with one part per property (JSON has no place for bytes, and every multipart operation
 * of the spec has a binary part). A File keeps its name; FormData names a bare Blob "blob".
 */
export function serializeBody(body: unknown): string | FormData {
  const entries = Object.entries(body ?? {});
  if (!entries.some(([, value]) => value instanceof Blob)) return JSON.stringify(body);
  const form = new FormData();
  for (const [name, value] of entries) {
    if (value != null) form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

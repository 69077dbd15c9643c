/**
 * Text we can store. PostgreSQL's text type cannot hold U+0000 (NUL): a request carrying one would
 * fail deep in the database instead of being refused. No field of ours has a use for it, so a NUL
 * anywhere in a request — a value or a field name, in the body, the query or the address — is refused
 * with a 400 naming the field, before any other check. One rule for every route, old and new.
 */
export const NUL_PROBLEM = 'must not contain the NUL character (U+0000)';

export type JsonPath = (string | number)[];

/**
 * Where the first NUL is in a parsed request part: the path to the string (or the key) holding it,
 * or null. Walks plain objects and arrays only; depth is bounded by what the JSON parser accepted.
 */
export function findNul(value: unknown, path: JsonPath = []): JsonPath | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const at = findNul(item, [...path, i]);
      if (at) return at;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const at = findNul(item, [...path, key]);
      if (at) return at;
    }
  }
  return null;
}

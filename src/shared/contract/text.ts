/**
 * Text we can store. PostgreSQL's text type cannot hold U+0000 (NUL): a request carrying one would
 * fail deep in the database instead of being refused. No field of ours has a use for it, so a NUL
 * anywhere in a request — a value or a field name, in the body, the query or the address — is refused
 * with a 400 naming the field, before any other check. One rule for every route, old and new.
 */
export const NUL_PROBLEM = 'must not contain the NUL character (U+0000)';

export type JsonPath = (string | number)[];

type Entry = [key: string | number, value: unknown];

/** The entries of a plain object or an array, or null for anything else (strings, numbers, bytes). */
function entriesOf(value: unknown): Entry[] | null {
  if (Array.isArray(value)) return value.map((item, i): Entry => [i, item]);
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) return Object.entries(value);
  return null;
}

/**
 * Where the first NUL is in a parsed request part: the path to the string (or the key) holding it,
 * or null. Walks plain objects and arrays in one pass with its own stack and one shared path (no
 * recursion, no path copied per level), so its cost grows with the size of the value, not with the
 * square of its depth, and no depth overflows the call stack.
 */
export function findNul(value: unknown): JsonPath | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  const root = entriesOf(value);
  if (!root) return null;
  const path: JsonPath = [];
  const stack = [{ entries: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.entries.length) {
      stack.pop();
      path.pop();
      continue;
    }
    const [key, item] = top.entries[top.next]!;
    top.next += 1;
    if (typeof key === 'string' && key.includes('\u0000')) return [...path];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return [...path, key];
      continue;
    }
    const inner = entriesOf(item);
    if (inner) {
      stack.push({ entries: inner, next: 0 });
      path.push(key);
    }
  }
  return null;
}

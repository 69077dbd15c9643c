/** One field an action changed: its name ('' for a whole value) and its value before and after, shortened. */
export type AuditChange = { field: string; before: string | null; after: string | null };

const MAX_CHARS = 80;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as one short line (long HTML or lists are cut: the entry is a summary, not the record). */
function shortValue(value: unknown): string {
  // An empty text shows as "" rather than nothing, so 'venue: "" → Cedar Room' reads as a change.
  const text = typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}

/**
 * What an audit entry changed, field by field: only the fields whose value differs (a creation lists
 * every field with no "before"; a deletion every field with no "after").
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (same(before, after)) return [];
    return [
      {
        field: '',
        before: before == null ? null : shortValue(before),
        after: after == null ? null : shortValue(after),
      },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => !same(b[field], a[field]))
    .map((field) => ({
      field,
      before: field in b ? shortValue(b[field]) : null,
      after: field in a ? shortValue(a[field]) : null,
    }));
}

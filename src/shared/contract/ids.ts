import { z } from './zod';

/** Ids are PostgreSQL `integer`s: anything above this is not an id of ours (and would fail in SQL). */
export const MAX_ID = 2_147_483_647;
/** Paging never reaches this far; a larger offset is a mistake or a probe, refused with a 400. */
const MAX_OFFSET = 10_000;

/** An id in the address or the query, where every value is text: '12' is read as 12. */
export const dbId = z.coerce.number().int().positive().max(MAX_ID);
/**
 * An id in a JSON body or a JSON filter: a JSON number, as published. Not coerced, so `true`,
 * `"12"` or `[12]` are refused rather than read as 1 or 12.
 */
export const jsonId = z.number().int().positive().max(MAX_ID);
export const pageOffset = z.coerce.number().int().min(0).max(MAX_OFFSET);
/** A path segment that names a record by id or by path (`/asset/12` or `/asset/night-shift-live`). */
export const idOrPathParam = z.string().min(1).max(120);

/**
 * Reads an id-or-path key: digits within the id range are an id (leading zeros dropped, so '007'
 * and '7' are one key); anything else is a path, looked up as written.
 */
export function parseIdOrPath(key: string): { id: number } | { path: string } {
  if (/^\d+$/.test(key)) {
    const id = Number(key);
    if (id >= 1 && id <= MAX_ID) return { id };
  }
  return { path: key };
}

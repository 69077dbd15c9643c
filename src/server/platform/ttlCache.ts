import { isDatabaseUnreachable } from './databaseErrors';

/**
 * Answers a process keeps for a short while, each read once however many requests ask for it at the
 * same moment (the nine tiles of a player ask together). A clock set back (tests, or a corrected
 * host clock) reads again rather than trusting an entry from the future; a failed read is not kept.
 *
 * With `staleOnError`, a read that fails that way (the database out of reach) answers the last value
 * read instead, and asks again only a TTL later: a show keeps playing on what was known a moment
 * before an outage, and the outage is not asked about once per request.
 */
export function createTtlCache<K, V>(opts: {
  ttlMs: number;
  max: number;
  now: () => number;
  load: (key: K) => Promise<V>;
  staleOnError?: (error: unknown) => boolean;
}) {
  type Entry = { readAt: number; value: Promise<V>; settled?: { value: V }; stale?: boolean };
  const entries = new Map<K, Entry>();
  const remember = (key: K, entry: Entry) => {
    if (entries.size >= opts.max && !entries.has(key)) entries.clear();
    entries.set(key, entry);
  };
  return {
    /** The value for `key`: the kept one while it is younger than the TTL and `usable` says so, else read afresh. */
    async get(key: K, usable: (value: V, at: number) => boolean = () => true): Promise<V> {
      const at = opts.now();
      const hit = entries.get(key);
      if (hit && at >= hit.readAt && at < hit.readAt + opts.ttlMs) {
        const value = await hit.value;
        if (usable(value, at)) return value;
      }
      const last = hit?.settled;
      const entry: Entry = {
        readAt: at,
        value: opts.load(key).then(
          (value) => {
            entry.settled = { value };
            return value;
          },
          (error: unknown) => {
            if (last && opts.staleOnError?.(error)) {
              entry.settled = last;
              entry.stale = true;
              return last.value;
            }
            if (entries.get(key) === entry) entries.delete(key);
            throw error;
          },
        ),
      };
      remember(key, entry);
      return entry.value;
    },
    /** True when `key`'s kept value is the last one read before a failed read (`staleOnError`). */
    stale: (key: K): boolean => entries.get(key)?.stale === true,
  };
}

/**
 * A read made afresh every time whose last answer stands in while the database is out of reach: a
 * `createTtlCache` with no lifetime, stale on an outage. What a show reads to play on through one.
 */
export function createLastKnown<K, V>(opts: { max: number; now: () => number; load: (key: K) => Promise<V> }) {
  return createTtlCache<K, V>({ ...opts, ttlMs: 0, staleOnError: isDatabaseUnreachable });
}

/**
 * Answers a process keeps for a short while, each read once however many requests ask for it at the
 * same moment (the nine tiles of a player ask together). A clock set back (tests, or a corrected
 * host clock) reads again rather than trusting an entry from the future; a failed read is not kept.
 */
export function createTtlCache<K, V>(opts: {
  ttlMs: number;
  max: number;
  now: () => number;
  load: (key: K) => Promise<V>;
}) {
  const entries = new Map<K, { readAt: number; value: Promise<V> }>();
  return {
    /** The value for `key`: the kept one while it is younger than the TTL and `usable` says so, else read afresh. */
    async get(key: K, usable: (value: V, at: number) => boolean = () => true): Promise<V> {
      const at = opts.now();
      const hit = entries.get(key);
      if (hit && at >= hit.readAt && at < hit.readAt + opts.ttlMs) {
        const value = await hit.value;
        if (usable(value, at)) return value;
      }
      const value = opts.load(key);
      if (entries.size >= opts.max) entries.clear();
      entries.set(key, { readAt: at, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

import type { Storage as PersistStorage } from 'redux-persist';
import type { PersistedFields } from '../lib/persistedField';

/**
 * A redux-persist storage that writes each persisted field under its own localStorage name (the
 * spec's keys: 'auth_token', 'userID', 'cartItems', …) instead of one `persist:*` blob, so values
 * are readable by those names, by other tabs and by support tools. Used with serialize: false.
 */
export function keyedStorage<S>(
  fields: PersistedFields<S>,
  storage: () => globalThis.Storage = () => window.localStorage,
): PersistStorage {
  const entries = Object.entries(fields) as [
    string,
    { name: string; encode: (v: unknown) => string; decode: (raw: string) => unknown },
  ][];
  // What this tab last read or wrote per key. redux-persist writes every field when any one changes;
  // writing only the fields that changed here keeps a stale value from undoing another tab's write
  // (e.g. bringing back a userID the other tab just removed at logout).
  const lastSeen = new Map<string, string | null>();
  return {
    async getItem() {
      const state: Record<string, unknown> = {};
      for (const [field, spec] of entries) {
        const raw = storage().getItem(spec.name);
        lastSeen.set(spec.name, raw);
        if (raw === null) continue;
        const value = spec.decode(raw);
        if (value !== undefined) state[field] = value;
      }
      return Object.keys(state).length ? state : null;
    },
    async setItem(_key: string, value: Record<string, unknown>) {
      for (const [field, spec] of entries) {
        const v = value[field];
        const encoded = v === null || v === undefined ? null : spec.encode(v);
        if (lastSeen.has(spec.name) && lastSeen.get(spec.name) === encoded) continue;
        lastSeen.set(spec.name, encoded);
        // Writing an unchanged value would still wake other tabs' storage listeners in some browsers.
        if (storage().getItem(spec.name) === encoded) continue;
        if (encoded === null) storage().removeItem(spec.name);
        else storage().setItem(spec.name, encoded);
      }
    },
    async removeItem() {
      for (const [, spec] of entries) storage().removeItem(spec.name);
    },
  };
}

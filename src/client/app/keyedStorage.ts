import type { Storage as PersistStorage } from 'redux-persist';
import type { PersistedFields } from './persistedField';

/**
 * A redux-persist storage that writes each persisted field under its own localStorage name (the
 * spec's keys: 'auth_token', 'userID', 'cartItems', …) instead of one `persist:*` blob, so values
 * are readable by those names, by other tabs and by support tools. Used with serialize: false.
 */
export function keyedStorage<S>(fields: PersistedFields<S>, storage: () => globalThis.Storage = () => window.localStorage): PersistStorage {
  const entries = Object.entries(fields) as [string, { name: string; encode: (v: unknown) => string; decode: (raw: string) => unknown }][];
  return {
    async getItem() {
      const state: Record<string, unknown> = {};
      for (const [field, spec] of entries) {
        const raw = storage().getItem(spec.name);
        if (raw === null) continue;
        const value = spec.decode(raw);
        if (value !== undefined) state[field] = value;
      }
      return Object.keys(state).length ? state : null;
    },
    async setItem(_key: string, value: Record<string, unknown>) {
      for (const [field, spec] of entries) {
        const v = value[field];
        if (v === null || v === undefined) {
          if (storage().getItem(spec.name) !== null) storage().removeItem(spec.name);
          continue;
        }
        const encoded = spec.encode(v);
        // Writing an unchanged value would still wake other tabs' storage listeners in some browsers.
        if (storage().getItem(spec.name) !== encoded) storage().setItem(spec.name, encoded);
      }
    },
    async removeItem() {
      for (const [, spec] of entries) storage().removeItem(spec.name);
    },
  };
}

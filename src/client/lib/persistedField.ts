import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * How one state field lives in localStorage: under the spec's own name, as a plain string (tokens,
 * ids) or through a codec (the JSON array of cartItems). decode returns undefined for a value it
 * cannot read, which is then ignored rather than crashing the app.
 */
export type PersistedField<V> = {
  name: string;
  encode: (value: NonNullable<V>) => string;
  decode: (raw: string) => V | undefined;
};

export const plainString = (name: string): PersistedField<string | null> => ({
  name,
  encode: (v) => v,
  decode: (raw) => raw,
});

export type PersistedFields<S> = { [K in keyof S]?: PersistedField<S[K]> };

/**
 * Reducer helper for storageChangedInAnotherTab: copies the other tab's value into the field it
 * names (or resets every persisted field when that tab cleared storage).
 */
export function applyExternalChange<S extends object>(
  state: S,
  fields: PersistedFields<S>,
  initial: S,
  action: PayloadAction<{ key: string | null; newValue: string | null }>,
): void {
  const { key, newValue } = action.payload;
  for (const [field, spec] of Object.entries(fields) as [keyof S, PersistedField<S[keyof S]>][]) {
    if (key !== null && spec.name !== key) continue;
    const decoded = newValue === null || key === null ? undefined : spec.decode(newValue);
    state[field] = (decoded === undefined ? initial[field] : decoded) as S[keyof S];
  }
}

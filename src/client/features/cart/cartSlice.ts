import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { storageChangedInAnotherTab } from '../../app/appEvents';
import { applyExternalChange, plainString, type PersistedFields } from '../../app/persistedField';

/** A cart line as the client remembers it between visits (spec §3 "Cart item"). */
export type CartLine = {
  assetId: number;
  meta?: unknown;
  finalPriceEffective?: number | null;
  finalPrice?: number | null;
  unitPrice?: number | null;
  subscription_id?: number | null;
};

export const cartLinesAdapter = createEntityAdapter<CartLine, number>({ selectId: (line) => line.assetId });

export type CartState = {
  /** Normalized by assetId; persisted as the JSON array 'cartItems'. */
  lines: EntityState<CartLine, number>;
  guestCartToken: string | null;
  /** The count last announced by a `cartUpdated` window event; null = the number of lines. */
  announcedCount: number | null;
};

export const initialCartState: CartState = {
  lines: cartLinesAdapter.getInitialState(),
  guestCartToken: null,
  announcedCount: null,
};

const isCartLine = (v: unknown): v is CartLine =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { assetId?: unknown }).assetId);

/** Reads the 'cartItems' JSON array; entries that are not cart lines are dropped, bad JSON is ignored. */
export function decodeCartItems(raw: string): EntityState<CartLine, number> | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return undefined;
    return cartLinesAdapter.setAll(cartLinesAdapter.getInitialState(), parsed.filter(isCartLine));
  } catch {
    return undefined;
  }
}

export const cartPersistedFields: PersistedFields<CartState> = {
  lines: {
    name: 'cartItems',
    encode: (lines) => JSON.stringify(cartLinesAdapter.getSelectors().selectAll(lines)),
    decode: decodeCartItems,
  },
  guestCartToken: plainString('guest_cart_token'),
};

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    cartLineAdded(state, action: PayloadAction<CartLine>) {
      cartLinesAdapter.upsertOne(state.lines, action.payload);
      state.announcedCount = null;
    },
    cartLineRemoved(state, action: PayloadAction<number>) {
      cartLinesAdapter.removeOne(state.lines, action.payload);
      state.announcedCount = null;
    },
    /** Another part of the page (or the spec's cartUpdated event) announced the cart's size. */
    cartCountAnnounced(state, action: PayloadAction<number>) {
      state.announcedCount = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(storageChangedInAnotherTab, (state, action) => {
      applyExternalChange(state, cartPersistedFields, initialCartState, action);
      if (action.payload.key === 'cartItems' || action.payload.key === null) state.announcedCount = null;
    });
  },
  selectors: {
    selectCartCount: (s) => s.announcedCount ?? s.lines.ids.length,
    selectGuestCartToken: (s) => s.guestCartToken,
    selectIsInCart: (s, assetId: number) => s.lines.entities[assetId] !== undefined,
  },
});

export const { cartCountAnnounced, cartLineAdded, cartLineRemoved } = cartSlice.actions;
export const { selectCartCount, selectGuestCartToken, selectIsInCart } = cartSlice.selectors;
export const cartLineSelectors = cartLinesAdapter.getSelectors();

import { createEntityAdapter, createSlice, isAnyOf, type EntityState } from '@reduxjs/toolkit';
import { storageChangedInAnotherTab } from '../../lib/appEvents';
import { applyExternalChange, plainString, type PersistedFields } from '../../lib/persistedField';
import type { CartItem } from '../../../shared/contract/cart';
import { userSignedOut } from '../auth/authEvents';
import { sessionExpired } from '../../lib/sessionEvents';
import {
  cartCountAnnounced,
  cartLoadFailed,
  guestCartMerged,
  guestCartTokenRefused,
  orderPlaced,
  serverCartReceived,
} from './cartEvents';

/**
 * A line of the spec's 'cartItems' mirror: the server's cart item as last answered. Only its
 * assetId is relied on (lines read back from storage or from another tab may be partial); prices
 * shown on screen always come from RTK Query's cache, never from here.
 */
type CartLine = Pick<CartItem, 'assetId'> & Partial<Omit<CartItem, 'assetId'>>;

const cartLinesAdapter = createEntityAdapter<CartLine, number>({ selectId: (line) => line.assetId });

export type CartState = {
  /** The mirror of the server cart, normalized by assetId; persisted as the JSON array 'cartItems'. */
  lines: EntityState<CartLine, number>;
  /** A guest's cart key from the server ('guest_cart_token'); null for users and empty-handed guests. */
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
function decodeCartItems(raw: string): EntityState<CartLine, number> | undefined {
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
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(serverCartReceived, (state, action) => {
        cartLinesAdapter.setAll(state.lines, action.payload.items);
        state.announcedCount = null;
        // Only a guest cart carries a token; a user's cart answers null and leaves this alone.
        if (action.payload.cartToken) state.guestCartToken = action.payload.cartToken;
      })
      .addCase(cartCountAnnounced, (state, action) => {
        state.announcedCount = action.payload;
      })
      .addCase(guestCartMerged, (state) => {
        state.guestCartToken = null;
      })
      .addCase(storageChangedInAnotherTab, (state, action) => {
        applyExternalChange(state, cartPersistedFields, initialCartState, action);
        if (action.payload.key === 'cartItems' || action.payload.key === null) state.announcedCount = null;
      })
      // docs/behaviour.md §4: after a successful order the local cart is cleared (the server's is already empty).
      .addCase(orderPlaced, (state) => {
        cartLinesAdapter.removeAll(state.lines);
        state.announcedCount = null;
      })
      .addMatcher(isAnyOf(cartLoadFailed, guestCartTokenRefused, userSignedOut, sessionExpired), (state, action) => {
        cartLinesAdapter.removeAll(state.lines);
        state.announcedCount = null;
        if (!cartLoadFailed.match(action) || action.payload.guestCartTokenRefused) state.guestCartToken = null;
      });
  },
});

import { appStarted, appStopped } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listeners';
import { cartCountAnnounced } from './cartSlice';

export const CART_UPDATED_EVENT = 'cartUpdated';

/** The count carried by a cartUpdated event: a number as detail, or { count }. */
export function countFromEvent(event: Event): number | null {
  const detail = (event as CustomEvent<unknown>).detail;
  const value = typeof detail === 'object' && detail !== null ? (detail as { count?: unknown }).count : detail;
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
}

/** Spec §4: the cart count also follows a `cartUpdated` window event carrying a numeric count. */
export function addCartListeners(startListening: AppStartListening) {
  return startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      const onCartUpdated = (event: Event) => {
        const count = countFromEvent(event);
        if (count !== null) api.dispatch(cartCountAnnounced(count));
      };
      window.addEventListener(CART_UPDATED_EVENT, onCartUpdated);
      try {
        await api.take(appStopped.match);
      } finally {
        window.removeEventListener(CART_UPDATED_EVENT, onCartUpdated);
      }
    },
  });
}

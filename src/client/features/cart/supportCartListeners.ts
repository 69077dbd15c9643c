import type { AppStartListening } from '../../lib/listenerTypes';
import { supportCartRestored, supportStateImported } from '../supportPanel/supportPanelEvents';
import { cartApi } from './cartApi';
import { selectCartTarget } from './cartSelectors';

/**
 * A support file's cart is put in this browser's own cart through the server (the cart is the
 * server's; 'cartItems' only mirrors it), one event at a time: a guest's first add creates the cart
 * whose key the next adds use. An event this account owns, or one sold out, is skipped. The cart
 * feature reacts to the support panel's event (as auth and the shell take their parts of the file),
 * so that the support feature depends on no other.
 */
export function addSupportCartListeners(startListening: AppStartListening) {
  return startListening({
    actionCreator: supportStateImported,
    effect: async ({ payload }, api) => {
      let added = 0;
      for (const assetId of payload.cartAssetIds) {
        const target = selectCartTarget(api.getState());
        const result = await api.dispatch(cartApi.endpoints.addToCart.initiate({ asset_id: assetId, ...target }));
        if (!('error' in result)) added += 1;
      }
      api.dispatch(supportCartRestored({ requested: payload.cartAssetIds.length, added }));
    },
  });
}

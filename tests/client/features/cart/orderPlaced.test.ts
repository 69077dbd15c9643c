import type { AppStore } from '../../../../src/client/app/store';
import { orderPlaced } from '../../../../src/client/features/cart/cartEvents';
import { stopApp } from '../../../utils/clientApp';
import { startStore } from '../../../utils/startStore';

/**
 * docs/behaviour.md §4 "Payment confirmation": right after an order, the local cart ('cartItems') is cleared and
 * a cartUpdated event with the count is emitted, without waiting for the server cart to be re-read.
 */
let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

it('orderPlaced empties the cartItems mirror and announces cartUpdated 0', async () => {
  localStorage.setItem('cartItems', JSON.stringify([{ assetId: 3 }, { assetId: 4 }]));
  store = await startStore();
  expect(store.getState().cart.lines.ids).toEqual([3, 4]);
  const counts: unknown[] = [];
  const onCart = (e: Event) => counts.push((e as CustomEvent).detail);
  window.addEventListener('cartUpdated', onCart);
  try {
    store.dispatch(orderPlaced({ orderId: 'ORD-1700000000000123', cartId: 9 }));
  } finally {
    window.removeEventListener('cartUpdated', onCart);
  }
  expect(store.getState().cart.lines.ids).toEqual([]);
  expect(counts).toEqual([0]);
});

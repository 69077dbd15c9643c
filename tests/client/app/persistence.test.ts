import { waitFor } from '@testing-library/react';
import { appStopped, storageChangedInAnotherTab } from '../../../src/client/lib/appEvents';
import { startAppListening } from '../../../src/client/app/listenerMiddleware';
import type { AppStore } from '../../../src/client/app/store';
import { guestTokenReceived } from '../../../src/client/lib/sessionEvents';
import { selectCartCount } from '../../../src/client/features/cart/cartSelectors';
import { apiSlice } from '../../../src/client/api/apiSlice';
import { startStore } from '../../utils/startStore';
import { signTestToken } from '../../utils/signToken';
import { signUpOnTestServer } from '../../utils/apiUser';

const flush = () => new Promise((r) => setTimeout(r, 20));
// A guest token the test server accepts, so the app's start-up calls succeed quietly.
const GUEST = signTestToken({ kind: 'guest', sub: 'guest-persist' });
const fromOtherTab = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));

let store: AppStore | undefined;
beforeEach(() => localStorage.setItem('auth_token', GUEST));
afterEach(async () => {
  if (!store) return;
  store.dispatch(appStopped());
  // Let the start-up calls to the server finish inside the test that caused them.
  await Promise.all(store.dispatch(apiSlice.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(apiSlice.util.getRunningMutationsThunk()));
  store = undefined;
});

describe('values live under the spec’s own localStorage names', () => {
  it('reads every key at start', async () => {
    localStorage.setItem('auth_token', GUEST);
    const { token: userToken, userId } = await signUpOnTestServer(
      `persist-${Date.now()}@example.com`,
      'Ada',
      'Lovelace',
    );
    localStorage.setItem('user_token', userToken);
    localStorage.setItem('userID', String(userId));
    localStorage.setItem('userName', 'Ada Lovelace');
    localStorage.setItem('demoUse', 'true');
    localStorage.setItem('cartItems', JSON.stringify([{ assetId: 3 }, { assetId: 9, finalPrice: 12.5 }]));
    localStorage.setItem('guest_cart_token', 'cart-token');
    localStorage.setItem('redirect_url', 'vocher');
    store = await startStore();
    const s = store.getState();
    expect(s.auth).toMatchObject({
      authToken: GUEST,
      userToken,
      userId: String(userId),
      userName: 'Ada Lovelace',
      redirectUrl: 'vocher',
    });
    expect(s.ui.demoUse).toBe('true');
    expect(s.cart.guestCartToken).toBe('cart-token');
    expect(s.cart.lines.ids).toEqual([3, 9]);
    expect(selectCartCount(s)).toBe(2);
  });

  it('writes a value the app sets under its name, as a plain string', async () => {
    store = await startStore();
    const fresh = signTestToken({ kind: 'guest', sub: 'another-guest' });
    store.dispatch(guestTokenReceived(fresh));
    // redux-persist writes one key per timer tick.
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe(fresh));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('persist:'))).toEqual([]);
  });

  it('ignores values it cannot read instead of crashing', async () => {
    localStorage.setItem('cartItems', '{not json');
    localStorage.setItem('redirect_url', 'somewhere-else');
    store = await startStore();
    expect(store.getState().cart.lines.ids).toEqual([]);
    expect(store.getState().auth.redirectUrl).toBeNull();
  });

  it('drops cart entries that are not cart lines', async () => {
    localStorage.setItem('cartItems', JSON.stringify([{ assetId: 1 }, { title: 'no id' }, 'x', { assetId: '2' }]));
    store = await startStore();
    expect(store.getState().cart.lines.ids).toEqual([1]);
  });
});

describe('another tab', () => {
  it('logging in there logs in here', async () => {
    store = await startStore();
    const { token: userToken, userId } = await signUpOnTestServer(`tab-${Date.now()}@example.com`, 'Grace', 'H');
    fromOtherTab('user_token', userToken);
    fromOtherTab('userID', String(userId));
    expect(store.getState().auth).toMatchObject({ userToken, userId: String(userId) });
  });

  it('removing a value there removes it here', async () => {
    localStorage.setItem('userID', '7');
    store = await startStore();
    fromOtherTab('userID', null);
    expect(store.getState().auth.userId).toBeNull();
  });

  it('changing the cart there changes the count here', async () => {
    store = await startStore();
    fromOtherTab('cartItems', JSON.stringify([{ assetId: 5 }, { assetId: 6 }, { assetId: 7 }]));
    expect(selectCartCount(store.getState())).toBe(3);
  });

  it('clearing all storage there resets the persisted values here', async () => {
    localStorage.setItem('userID', '7');
    localStorage.setItem('cartItems', '[{"assetId":1}]');
    store = await startStore();
    fromOtherTab(null, null);
    expect(store.getState().auth.userId).toBeNull();
    expect(store.getState().cart.lines.ids).toEqual([]);
  });

  // The reducers only ever touch the field whose name matches the key, so comparing the state
  // cannot tell whether the filter ran; what the filter decides is whether the change is replayed
  // into this store at all (reducers *and* the listeners that react to it: guest token, name).
  it.each(['someone_elses_key', 'userid', 'USERID', 'persist:auth', 'user_token_backup'])(
    'a change to %j (not one of ours) is not replayed here; one of ours is',
    async (foreignKey) => {
      store = await startStore();
      const replayed: { key: string | null; newValue: string | null }[] = [];
      const stopRecording = startAppListening({
        actionCreator: storageChangedInAnotherTab,
        effect: (action) => {
          replayed.push(action.payload);
        },
      });
      try {
        fromOtherTab(foreignKey, 'x');
        fromOtherTab(foreignKey, null);
        expect(replayed).toEqual([]);
        // The recorder does see a key of ours, so the silence above is the filter's doing.
        fromOtherTab('guest_cart_token', 'other-tab-cart');
        expect(replayed).toEqual([{ key: 'guest_cart_token', newValue: 'other-tab-cart' }]);
      } finally {
        stopRecording();
      }
    },
  );
});

describe('demo flag', () => {
  it('a returning visitor (guest token already stored) gets it at start', async () => {
    store = await startStore(); // beforeEach stored a guest token
    await waitFor(() => expect(store!.getState().ui.demoUse).toBe('true'), { timeout: 3000 });
    expect(localStorage.getItem('demoUse')).toBe('true');
  });

  it('a first visit gets it once the guest token arrives', async () => {
    localStorage.removeItem('auth_token');
    store = await startStore();
    await waitFor(() => expect(store!.getState().auth.authToken).not.toBeNull());
    await waitFor(() => expect(store!.getState().ui.demoUse).toBe('true'), { timeout: 3000 });
  });
});

describe('cartUpdated event', () => {
  it.each([
    ['a number', 4, 4],
    ['{ count }', { count: 2 }, 2],
    ['a numeric string', '6', 6],
  ])('updates the cart count from %s', async (_name, detail, expected) => {
    store = await startStore();
    window.dispatchEvent(new CustomEvent('cartUpdated', { detail }));
    expect(selectCartCount(store.getState())).toBe(expected);
  });

  it('ignores an event without a usable count', async () => {
    store = await startStore();
    window.dispatchEvent(new CustomEvent('cartUpdated', { detail: 'many' }));
    window.dispatchEvent(new CustomEvent('cartUpdated', { detail: -1 }));
    expect(selectCartCount(store.getState())).toBe(0);
  });

  it('stops listening when the app stops', async () => {
    store = await startStore();
    store.dispatch(appStopped());
    await flush();
    window.dispatchEvent(new CustomEvent('cartUpdated', { detail: 9 }));
    expect(selectCartCount(store.getState())).toBe(0);
  });
});

describe('writes from another tab are not undone', () => {
  it('a logout elsewhere is not reverted by this tab persisting its other fields', async () => {
    localStorage.setItem('userID', '5');
    localStorage.setItem(
      'user_token',
      signTestToken({ kind: 'user', sub: '5', userId: 5, name: 'Five', email: 'five@example.com' }),
    );
    store = await startStore();
    const settle = () => new Promise((r) => setTimeout(r, 300)); // redux-persist writes one key per tick
    await settle();
    // The other tab logs out: it removes user_token, then userID; this tab hears about user_token first.
    localStorage.removeItem('user_token');
    localStorage.removeItem('userID');
    fromOtherTab('user_token', null);
    await settle();
    expect(localStorage.getItem('userID')).toBeNull();
    fromOtherTab('userID', null);
    await flush();
    expect(store.getState().auth.userId).toBeNull();
    expect(localStorage.getItem('userID')).toBeNull();
  });
});

import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { apiSlice } from '../api/apiSlice';
import type { ServerFetch } from '../../shared/serverRender';
import { authPersistedFields, authSlice } from '../features/auth/authSlice';
import { cartPersistedFields, cartSlice } from '../features/cart/cartSlice';
import { playerSlice } from '../features/player/playerSlice';
import { uiPersistedFields, uiSlice } from '../features/shell/uiSlice';
import { redactSecrets } from '../lib/redactSecrets';
import { keyedStorage } from './keyedStorage';
import { listenerMiddleware } from './listenerMiddleware';
import type { PersistedFields } from '../lib/persistedField';

/** Each persisted slice writes its fields under the spec's localStorage names (see keyedStorage). */
function persisted<S>(key: string, fields: PersistedFields<S>) {
  return {
    key,
    storage: keyedStorage(fields),
    whitelist: Object.keys(fields),
    serialize: false,
    deserialize: false,
    throttle: 0,
  } as const;
}

/** A new reducer tree per store: redux-persist keeps its write queue inside each persistReducer. */
const createRootReducer = () =>
  combineReducers({
    auth: persistReducer(persisted('auth', authPersistedFields), authSlice.reducer),
    cart: persistReducer(persisted('cart', cartPersistedFields), cartSlice.reducer),
    ui: persistReducer(persisted('ui', uiPersistedFields), uiSlice.reducer),
    player: playerSlice.reducer,
    [apiSlice.reducerPath]: apiSlice.reducer,
  });

export type RootState = ReturnType<ReturnType<typeof createRootReducer>>;

/** Redux DevTools: always in development; in production only when built with REDUX_DEVTOOLS=true. */
const devToolsOn = process.env.NODE_ENV !== 'production' || process.env.REDUX_DEVTOOLS === 'true';
/**
 * What DevTools is sent has every token, code and payment secret redacted (the extension applies
 * these sanitizers before anything leaves the page). Replays and jumps recompute state through the
 * reducers only: listeners and RTK Query's middleware do not run again, so nothing calls the server.
 */
export const devToolsOptions = {
  name: 'storefront',
  actionSanitizer: <A>(action: A) => redactSecrets(action),
  stateSanitizer: <S>(state: S) => redactSecrets(state),
  trace: false,
} as const;

/** `serverFetch`: a store rendering a page on the server reaches the API in process (ssr/renderPage). */
export function makeStore(preloadedState?: Partial<RootState>, options: { serverFetch?: ServerFetch } = {}) {
  return configureStore({
    reducer: createRootReducer(),
    preloadedState,
    devTools: devToolsOn ? devToolsOptions : false,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { serverFetch: options.serverFetch } },
        // redux-persist's own actions carry functions (register/rehydrate callbacks); nothing of ours does.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(apiSlice.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

// The store's types reach lib/ (typed hooks, listeners, server data) by declaration merging, so that
// nothing below app/ imports this file, not even for a type (see lib/storeTypes.ts). The aliases are
// needed: inside `declare module` a name resolves in lib/storeTypes first, whose RootState is this one.
type StoreState = RootState;
type StoreDispatch = AppDispatch;
type Store = AppStore;
declare module '../lib/storeTypes' {
  interface StoreTypes {
    state: StoreState;
    dispatch: StoreDispatch;
    store: Store;
  }
}

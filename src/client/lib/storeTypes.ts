/**
 * The store's types, for code below the composition root. app/store.ts computes RootState and
 * AppDispatch from the features' reducers, so lib/ (and whatever imports lib/) cannot import them
 * from there: lib/ would then depend on app/, and through it on every feature, a cycle even when the
 * import is type-only. Instead app/store.ts adds its types to this empty interface by declaration
 * merging (`declare module '../lib/storeTypes'`), and lib/ reads them back here. The dependency runs
 * one way (app/ → lib/) and the typing stays complete: every program that type-checks the client
 * (npm run typecheck) includes app/store.ts, so StoreTypes has all three members.
 */
/** @public app/store.ts merges its types into it (`declare module`), which knip does not count as a use. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/store.ts
export interface StoreTypes {}

/** The whole state, as app/store.ts builds it. */
export type RootState = StoreTypes['state'];
/** The store's dispatch (thunks included). */
export type AppDispatch = StoreTypes['dispatch'];
/** The store itself. */
export type AppStore = StoreTypes['store'];

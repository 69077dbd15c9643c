import { instrument } from '@redux-devtools/instrument';
import type { Reducer, StoreEnhancer, StoreEnhancerStoreCreator } from 'redux';

/**
 * Stands in for the Redux DevTools browser extension before Redux Toolkit loads (it reads
 * window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ once): the extension's own instrumentation
 * (@redux-devtools/instrument) placed innermost as the extension places it, and what the extension
 * would send to its panel: every recorded action and computed state, through the app's sanitizers.
 */
type Config = {
  actionSanitizer?: (a: unknown, id: number) => unknown;
  stateSanitizer?: (s: unknown, i: number) => unknown;
};
type Lifted = {
  getState: () => { actionsById: Record<number, { action: unknown }>; computedStates: { state: unknown }[] };
  dispatch: (a: unknown) => unknown;
  subscribe: (fn: () => void) => () => void;
};

export const devtools = { sent: [] as string[], config: null as Config | null, lifted: null as Lifted | null };

(window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
  (config: Config) =>
  (...enhancers: StoreEnhancer[]) =>
  (createStore: StoreEnhancerStoreCreator) =>
  (reducer: Reducer, preloaded?: unknown) => {
    const inner = (instrument() as unknown as StoreEnhancer)(createStore as never);
    const create = enhancers.reduceRight<StoreEnhancerStoreCreator>(
      (composed, f) => f(composed as never) as never,
      inner as never,
    );
    const store = create(reducer, preloaded as never) as unknown as { liftedStore: Lifted };
    devtools.config = config;
    devtools.lifted = store.liftedStore;
    store.liftedStore.subscribe(() => {
      const lifted = store.liftedStore.getState();
      devtools.sent.push(
        JSON.stringify({
          actions: Object.entries(lifted.actionsById).map(([id, a]) =>
            config.actionSanitizer ? config.actionSanitizer(a.action, Number(id)) : a.action,
          ),
          states: lifted.computedStates.map((c, i) =>
            config.stateSanitizer ? config.stateSanitizer(c.state, i) : c.state,
          ),
        }),
      );
    });
    return store;
  };

import { makeStore, type AppStore } from '../../../src/client/app/store';
import { catalogApi } from '../../../src/client/features/catalog/catalogApi';
import { preloaded } from '../../utils/renderWithProviders';
import { signTestToken } from '../../utils/signToken';
import { apiCalls } from '../../utils/clientCart';

/**
 * docs/behaviour.md §9 "Cache freshness": carousel, categories, user detail and event detail 1 hour. An answer
 * older than an hour is fetched again when another screen asks for it (a subscription is added),
 * one younger is served from the cache. Against the real test server; only the clock is moved.
 */
const MINUTE = 60_000;
let store: AppStore;
let fetchSpy: jest.SpyInstance;
const subscriptions: { unsubscribe: () => void }[] = [];

beforeEach(() => {
  // Only Date moves: timers and the network stay real.
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'performance',
      'hrtime',
      'requestAnimationFrame',
      'cancelAnimationFrame',
    ],
  });
  jest.setSystemTime(Date.now());
  store = makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'freshness' }, 24 * 3600) } }));
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  fetchSpy.mockRestore();
  jest.useRealTimers();
});

/** A screen mounting: a new subscription to the query, as its hook would add. */
type Subscription = { unsubscribe: () => void; unwrap: () => Promise<unknown> };
async function mount(initiate: () => unknown) {
  const sub = store.dispatch(initiate() as Parameters<AppStore['dispatch']>[0]) as unknown as Subscription;
  subscriptions.push(sub);
  await sub.unwrap();
}

it.each([
  ['the carousel', '/v1/carousel', () => catalogApi.endpoints.getCarousel.initiate()],
  ['an event', '/v1/asset/', () => catalogApi.endpoints.getAsset.initiate('velvet-static-unplugged')],
  ['the home categories', '/v1/pagecategory?', () => catalogApi.endpoints.getCategories.initiate({ page: 1 })],
])('%s: served from the cache for an hour, fetched again after it', async (_name, path, initiate) => {
  const requests = () => apiCalls(fetchSpy).filter((c) => c.includes(path)).length;
  await mount(initiate);
  expect(requests()).toBe(1);
  jest.setSystemTime(Date.now() + 59 * MINUTE);
  await mount(initiate);
  expect(requests()).toBe(1);
  jest.setSystemTime(Date.now() + 2 * MINUTE);
  await mount(initiate);
  expect(requests()).toBe(2);
});

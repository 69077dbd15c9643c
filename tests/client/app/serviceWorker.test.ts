import type { Workbox } from 'workbox-window';
import { OFFLINE_READY_MESSAGE, startServiceWorker } from '../../../src/client/app/serviceWorker';

/**
 * The page's side of the spec's update flow. workbox-window is driven by the browser's service-worker
 * events, which jsdom lacks: a stand-in raises the same events (the real worker and browser are
 * exercised in e2e/pwa.e2e.ts).
 */
class FakeWorkbox extends EventTarget {
  skipWaitingMessages = 0;
  registered = 0;
  updates = 0;
  messageSkipWaiting() {
    this.skipWaitingMessages += 1;
  }
  async register() {
    this.registered += 1;
    return undefined;
  }
  async update() {
    this.updates += 1;
  }
  emit(type: string, detail: { isUpdate?: boolean; isExternal?: boolean } = {}) {
    this.dispatchEvent(Object.assign(new Event(type), detail));
  }
}
function fakeRouter(pathname: string) {
  const listeners = new Set<(s: { location: { pathname: string } }) => void>();
  const router = {
    state: { location: { pathname } },
    subscribe: (fn: (s: { location: { pathname: string } }) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    go(to: string) {
      router.state = { location: { pathname: to } };
      listeners.forEach((fn) => fn(router.state));
    },
  };
  return router;
}
function start(pathname = '/events', controlledAtLoad = false) {
  const wb = new FakeWorkbox();
  const router = fakeRouter(pathname);
  const hooks = { controlledAtLoad, alert: jest.fn(), reload: jest.fn(), notify: jest.fn() };
  startServiceWorker(wb as unknown as Workbox, router, hooks);
  return { wb, router, hooks };
}

it('registers the worker', () => {
  expect(start().wb.registered).toBe(1);
});

it('on first install: the offline-ready notification, no alert, no reload', () => {
  const { wb, hooks } = start();
  wb.emit('activated', { isUpdate: false });
  wb.emit('controlling', { isUpdate: false });
  expect(hooks.notify).toHaveBeenCalledWith(OFFLINE_READY_MESSAGE);
  expect(hooks.alert).not.toHaveBeenCalled();
  expect(hooks.reload).not.toHaveBeenCalled();
});

it.each([
  ['a page a worker controlled at load', true, []],
  ['a first visit, once installed', false, ['first install takes control']],
])(
  'an updated worker on %s: skip waiting, then the alert and exactly one reload, alert first',
  (_n, controlledAtLoad, before) => {
    const { wb, hooks } = start('/events', controlledAtLoad);
    if (before.length) {
      wb.emit('activated', { isUpdate: false });
      wb.emit('controlling', { isUpdate: false });
      expect(hooks.reload).not.toHaveBeenCalled();
    }
    const order: string[] = [];
    hooks.alert.mockImplementation(() => order.push('alert'));
    hooks.reload.mockImplementation(() => order.push('reload'));
    wb.emit('waiting');
    expect(wb.skipWaitingMessages).toBe(1);
    // workbox-window flags a later update in a first visit as not an update (isUpdate false, external).
    wb.emit('activated', { isUpdate: controlledAtLoad, isExternal: !controlledAtLoad });
    wb.emit('controlling', { isUpdate: controlledAtLoad, isExternal: !controlledAtLoad });
    wb.emit('controlling', { isUpdate: controlledAtLoad, isExternal: !controlledAtLoad });
    expect(hooks.alert).toHaveBeenCalledTimes(1);
    expect(hooks.alert).toHaveBeenCalledWith('New content available — updating...');
    expect(hooks.reload).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['alert', 'reload']);
    expect(hooks.notify).toHaveBeenCalledTimes(before.length);
  },
);

it.each(['/checkout', '/order-confirmation/12', '/player/neon-harbor'])(
  'an update found on %s waits until the visitor leaves it',
  (busy) => {
    const { wb, router } = start(busy);
    wb.emit('waiting');
    expect(wb.skipWaitingMessages).toBe(0);
    router.go('/checkout');
    expect(wb.skipWaitingMessages).toBe(0);
    router.go('/profile');
    expect(wb.skipWaitingMessages).toBe(1);
    router.go('/events');
    expect(wb.skipWaitingMessages).toBe(1);
  },
);

it('on first install on the player, the offline-ready toast waits for the next screen', () => {
  const { wb, router, hooks } = start('/player/neon-harbor');
  wb.emit('activated', { isUpdate: false });
  expect(hooks.notify).not.toHaveBeenCalled();
  router.go('/events/neon-harbor');
  expect(hooks.notify).toHaveBeenCalledTimes(1);
  router.go('/events');
  expect(hooks.notify).toHaveBeenCalledTimes(1);
});

it('checks for an update when the tab comes back after an hour, not before', () => {
  jest.useFakeTimers({ now: Date.parse('2026-11-22T10:00:00Z') });
  try {
    const { wb } = start();
    const visible = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    jest.setSystemTime(Date.parse('2026-11-22T10:30:00Z'));
    visible('visible');
    expect(wb.updates).toBe(0);
    jest.setSystemTime(Date.parse('2026-11-22T11:01:00Z'));
    visible('hidden');
    expect(wb.updates).toBe(0);
    visible('visible');
    expect(wb.updates).toBe(1);
  } finally {
    jest.useRealTimers();
  }
});

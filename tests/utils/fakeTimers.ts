/** What stays real whatever is faked: the clock, the event loop's own queues, rendering and idle callbacks. */
const ALWAYS_REAL = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
] as const;

/**
 * Fakes one family of timers only — `timeouts` (setTimeout) or `intervals` (setInterval) — so a test
 * moves the one it is about (a countdown, a deadline, a heartbeat) with jest.advanceTimersByTime,
 * while the app's requests, React and the other family keep real time.
 */
export function fakeOnly(family: 'timeouts' | 'intervals'): void {
  jest.useFakeTimers({
    doNotFake: [
      ...ALWAYS_REAL,
      ...(family === 'timeouts'
        ? (['setInterval', 'clearInterval'] as const)
        : (['setTimeout', 'clearTimeout'] as const)),
    ],
  });
}

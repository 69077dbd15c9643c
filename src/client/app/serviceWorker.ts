import type { AppStore } from './store';

/** Registers /sw.js and runs the spec's update flow; filled in by the service-worker work. */
export function registerServiceWorker(_store: AppStore): void {}

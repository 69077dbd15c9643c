import type { OptionsObject, SnackbarKey } from 'notistack';
import type { ReactNode } from 'react';
import type { ToastKind } from './toastKinds';

/** What the toaster (notistack, loaded after the first screen) does for the app. */
export type ToasterHandle = {
  enqueueSnackbar: (message: ReactNode, options: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
};

let toaster: ToasterHandle | null = null;
let waiting: ((handle: ToasterHandle) => void)[] = [];
const wantedListeners = new Set<() => void>();
let wanted = false;
let lastKey = 0;

/**
 * Toasts raised before the toaster is on screen wait here, in order, and appear as soon as it is:
 * notistack is not part of the first screen (it is loaded once the page is idle, or at the first
 * toast), so no caller needs to know whether it is there yet.
 */
function withToaster(run: (handle: ToasterHandle) => void): void {
  if (toaster) return run(toaster);
  waiting.push(run);
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((listener) => listener());
  }
}

/** The toaster says it is mounted (its handle) or gone (null). */
export function toasterMounted(handle: ToasterHandle | null): void {
  toaster = handle;
  if (!handle) return;
  const queued = waiting;
  waiting = [];
  queued.forEach((run) => run(handle));
}

/** Whether a toast is waiting for the toaster, for ToastProvider (useSyncExternalStore). */
export const toasterWanted = {
  subscribe: (listener: () => void) => {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: () => wanted,
};

const show =
  (kind: ToastKind, options: OptionsObject = {}) =>
  (message: ReactNode): SnackbarKey => {
    // The key is ours, so it is known at once even while the toast waits for the toaster.
    const key = `toast-${(lastKey += 1)}`;
    withToaster((handle) => handle.enqueueSnackbar(message, { ...options, variant: kind, key }));
    return key;
  };

/**
 * The app's toasts (docs/behaviour.md §8 kinds) over notistack. A loading toast stays until dismissed or replaced
 * (e.g. `const k = toast.loading('Saving…'); … toast.dismiss(k); toast.success('Saved')`).
 */
export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  message: show('message'),
  custom: show('custom'),
  loading: show('loading', { persist: true }),
  dismiss: (key?: SnackbarKey) => withToaster((handle) => handle.closeSnackbar(key)),
};

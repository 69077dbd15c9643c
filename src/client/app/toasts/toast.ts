import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import type { ReactNode } from 'react';
import type { ToastKind } from './toastKinds';

const show = (kind: ToastKind) => (message: ReactNode) => enqueueSnackbar(message, { variant: kind });

/**
 * The app's toasts (spec §8 kinds) over notistack. A loading toast stays until dismissed or replaced
 * (e.g. `const k = toast.loading('Saving…'); … toast.dismiss(k); toast.success('Saved')`).
 */
export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  message: show('message'),
  custom: show('custom'),
  loading: (message: ReactNode): SnackbarKey => enqueueSnackbar(message, { variant: 'loading', persist: true }),
  dismiss: (key?: SnackbarKey) => closeSnackbar(key),
};

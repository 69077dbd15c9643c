/** docs/behaviour.md §8 toast kinds. 'message' is a plain toast; 'loading' stays until closed; 'custom' is free. */
export const TOAST_KINDS = ['success', 'info', 'warning', 'error', 'loading', 'message', 'custom'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

declare module 'notistack' {
  interface VariantOverrides {
    loading: true;
    message: true;
    custom: true;
  }
}

/**
 * Colours with white (or night) text at 4.5:1 or more (WCAG 1.4.3); notistack's own greens, oranges
 * and blues carry white text at under 3.5:1.
 */
export const TOAST_COLOURS: Record<ToastKind | 'default', { backgroundColor: string; color: string }> = {
  success: { backgroundColor: '#2e7d32', color: '#ffffff' },
  error: { backgroundColor: '#c62828', color: '#ffffff' },
  warning: { backgroundColor: '#ffb74d', color: '#0b0a12' },
  info: { backgroundColor: '#1565c0', color: '#ffffff' },
  loading: { backgroundColor: '#2a2638', color: '#f4f2f8' },
  message: { backgroundColor: '#2a2638', color: '#f4f2f8' },
  default: { backgroundColor: '#2a2638', color: '#f4f2f8' },
  custom: { backgroundColor: '#16141f', color: '#f4f2f8' },
};

/** Errors and warnings interrupt a screen reader (alert); the rest wait their turn (status). */
export const roleOf = (kind: string) => (kind === 'error' || kind === 'warning' ? 'alert' : 'status');

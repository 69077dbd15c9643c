import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import { SnackbarContent, closeSnackbar, type CustomContentProps } from 'notistack';
import { forwardRef, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { TOASTS } from '../../../shared/constants';
import { focusRing } from '../../components/focusRing';
import { handOnFocus } from './toastFocus';
import { TOAST_COLOURS, roleOf } from '../../lib/toastKinds';
import { useSwipeToDismiss } from './useSwipeToDismiss';

const ICONS: Record<string, ReactNode> = {
  success: <CheckCircleOutlined fontSize="small" />,
  error: <ErrorOutlined fontSize="small" />,
  warning: <WarningAmberOutlined fontSize="small" />,
  info: <InfoOutlined fontSize="small" />,
  loading: <CircularProgress size={18} color="inherit" aria-label="Loading" />,
};

/**
 * notistack pauses a toast's timer while the pointer is over it; a toast that holds keyboard focus
 * (Alt+T) is paused the same way, by telling notistack's snackbar the pointer came and went
 * (WCAG 2.2.1: time to read it).
 */
function pauseWhileFocused(event: FocusEvent<HTMLElement>, entering: boolean) {
  const related = event.relatedTarget as Node | null;
  if (related && event.currentTarget.contains(related)) return;
  event.currentTarget.dispatchEvent(
    new MouseEvent(entering ? 'mouseover' : 'mouseout', { bubbles: true, relatedTarget: document.body }),
  );
}

/**
 * One toast of any kind (docs/behaviour.md §8/§9), rendered by notistack in its stack: 356 px wide (the screen's
 * width on a phone), an icon for its kind, a close button, swipe to dismiss, Escape closes it when
 * focused. The message keeps notistack's id so tests and tools find toasts as before.
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, variant, style, className },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const dismiss = () => {
    handOnFocus(box.current);
    closeSnackbar(id);
  };
  const { offset, handlers } = useSwipeToDismiss(dismiss);
  const colours = TOAST_COLOURS[variant as keyof typeof TOAST_COLOURS] ?? TOAST_COLOURS.default;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') dismiss();
  };
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Box
        ref={box}
        role={roleOf(variant)}
        tabIndex={-1}
        data-toast={variant}
        onKeyDown={onKeyDown}
        onFocus={(e) => pauseWhileFocused(e, true)}
        onBlur={(e) => pauseWhileFocused(e, false)}
        {...handlers}
        sx={{
          ...colours,
          width: TOASTS.widthPx,
          maxWidth: '100%',
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          py: 1,
          pl: 2,
          pr: 1,
          borderRadius: 2,
          boxShadow: 6,
          fontSize: '0.9375rem',
          lineHeight: 1.4,
          touchAction: 'pan-y',
          userSelect: 'none',
          transform: offset ? `translateX(${offset}px)` : undefined,
          opacity: offset ? Math.max(0.3, 1 - Math.abs(offset) / 200) : undefined,
          transition: offset ? 'none' : 'transform 150ms ease, opacity 150ms ease',
          '&:focus-visible': focusRing,
        }}
      >
        {ICONS[variant] && (
          <Box component="span" sx={{ display: 'flex', flexShrink: 0 }} aria-hidden={variant !== 'loading'}>
            {ICONS[variant]}
          </Box>
        )}
        <Box id="notistack-snackbar" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {message}
        </Box>
        <Button variant="ghost" size="icon" color="inherit" aria-label="Dismiss notification" onClick={dismiss}>
          <CloseIcon fontSize="small" />
        </Button>
      </Box>
    </SnackbarContent>
  );
});

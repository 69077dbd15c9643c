import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { TOASTS } from '../../../shared/constants';
import { Toast } from './Toast';
import { toasterMounted } from '../../lib/toast';
import { ToastHotkey } from './ToastHotkey';
import { ToastRoom } from './ToastRoom';
import { TOAST_KINDS } from '../../lib/toastKinds';
import { aboveInstallBanner } from '../../lib/bottomRoom';

const COMPONENTS = Object.fromEntries([...TOAST_KINDS, 'default'].map((kind) => [kind, Toast]));
const STACK_CLASS = 'toast-stack';

/** Tells the toast facade the stack is mounted (notistack's global functions work from then on). */
function Ready() {
  useEffect(() => {
    toasterMounted({ enqueueSnackbar, closeSnackbar });
    return () => toasterMounted(null);
  }, []);
  return null;
}

/**
 * A toast that starts to leave (its time is up, or a fourth came) slides out of view: it leaves the
 * tab order at once, so a keyboard user tabbing past never lands on a control that is off screen.
 * One holding focus keeps it (its timer is paused then; a dismissed one hands focus on first).
 */
function leaveTabOrder(node: HTMLElement) {
  if (!node.contains(document.activeElement)) node.setAttribute('inert', '');
}

/**
 * docs/behaviour.md §9 toasts on notistack: at most 3 (a fourth hides the oldest), 4000 ms, bottom-right, every kind
 * drawn by Toast. notistack spaces toasts 6 px apart on each side; the spec's 14 px gap is 7 px each.
 * ToastRoom keeps the page's focused control clear of the stack.
 */
export default function Toaster() {
  return (
    <>
      <ToastRoom stackClass={STACK_CLASS}>
        <SnackbarProvider
          maxSnack={TOASTS.maxVisible}
          autoHideDuration={TOASTS.durationMs}
          anchorOrigin={TOASTS.anchor}
          Components={COMPONENTS}
          classes={{ containerRoot: STACK_CLASS }}
          onExit={leaveTabOrder}
        />
      </ToastRoom>
      <GlobalStyles
        styles={{
          [`.${STACK_CLASS}.notistack-SnackbarContainer .notistack-CollapseWrapper`]: {
            padding: `${TOASTS.gapPx / 2}px 0`,
          },
          // Above the install banner while it shows (it sits at the bottom too).
          [`.${STACK_CLASS}.notistack-SnackbarContainer`]: { transform: aboveInstallBanner },
        }}
      />
      <ToastHotkey />
      <Ready />
    </>
  );
}

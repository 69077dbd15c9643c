import Alert from '@mui/material/Alert';
import { aboveInstallBanner } from '../../lib/bottomRoom';
import { useAppSelector } from '../../lib/hooks';
import { selectOfflineRequestFailed, selectOnline } from './uiSlice';

export const OFFLINE_NOTICE = "You're offline. Pages you've visited still work.";
export const OFFLINE_ACTION_NOTICE = 'That needs a connection: try again when you are back online.';

/**
 * While the browser is offline: a notice on every screen (pages visited before still render from
 * the service worker's caches), and, once something needed the network, why it did not happen.
 * Fixed at the bottom of the screen, so it stays in sight wherever the visitor scrolled to act; it
 * shifts no layout, sits under dialogs and toasts (a toast may cover it for its few seconds) and
 * over the page, and above the install banner while that shows.
 */
export function OfflineNotice() {
  const online = useAppSelector(selectOnline);
  const failed = useAppSelector(selectOfflineRequestFailed);
  if (online) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 16 },
        transform: aboveInstallBanner,
        maxWidth: { sm: 440 },
        zIndex: (theme) => theme.zIndex.modal - 50,
        boxShadow: 6,
      }}
    >
      {OFFLINE_NOTICE}
      {failed && <> {OFFLINE_ACTION_NOTICE}</>}
    </Alert>
  );
}

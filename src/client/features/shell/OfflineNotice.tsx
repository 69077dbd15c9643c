import Alert from '@mui/material/Alert';
import { useAppSelector } from '../../app/hooks';
import { selectOfflineRequestFailed, selectOnline } from './uiSlice';

export const OFFLINE_NOTICE = "You're offline. Pages you've visited still work.";
export const OFFLINE_ACTION_NOTICE = 'That needs a connection: try again when you are back online.';

/**
 * While the browser is offline: a notice on every screen (pages visited before still render from
 * the service worker's caches), and, once something needed the network, why it did not happen.
 * It sits in the page's flow above the header, so it covers neither the header nor the toasts.
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
      square
      sx={{ justifyContent: 'center' }}
    >
      {OFFLINE_NOTICE}
      {failed && <> {OFFLINE_ACTION_NOTICE}</>}
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import { Frame } from './PlayerMessage';
import { PLAYER_COPY } from './playerCopy';

/**
 * 'Watch here instead' (docs/behaviour.md "Player"): offered when every device of the ticket is in use,
 * and to a device whose show moved to another one (to take it back). The button takes focus when the
 * message appears, so the keyboard (and a screen reader, after the alert) starts on it.
 */
function WatchHereButton({ onClick }: { onClick: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Button ref={button} variant="default" onClick={onClick}>
      {PLAYER_COPY.watchHere}
    </Button>
  );
}

/** The device limit reached: the server's sentence naming it, 'Watch here instead', and 'Try again'. */
export function PlayerDeviceLimit({
  event,
  message,
  onTakeOver,
  onRetry,
}: {
  event: AssetDetail;
  message: string;
  onTakeOver: () => void;
  onRetry: () => void;
}) {
  return (
    <Frame event={event}>
      <Alert severity="warning" sx={{ maxWidth: 560, textAlign: 'left' }}>
        <Typography>{message}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {PLAYER_COPY.takeoverHint}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <WatchHereButton onClick={onTakeOver} />
          <Button variant="ghost" color="inherit" onClick={onRetry}>
            {PLAYER_COPY.tryAgain}
          </Button>
        </Box>
      </Alert>
    </Frame>
  );
}

/** This device stopped because another one took over: it says so, with the way to take the show back. */
export function PlayerMoved({ event, onTakeOver }: { event: AssetDetail; onTakeOver: () => void }) {
  return (
    <Frame event={event}>
      <Alert severity="info" sx={{ maxWidth: 560, textAlign: 'left' }}>
        <Typography>{STREAM_MESSAGES.movedAway}</Typography>
        <Box sx={{ mt: 2 }}>
          <WatchHereButton onClick={onTakeOver} />
        </Box>
      </Alert>
    </Frame>
  );
}

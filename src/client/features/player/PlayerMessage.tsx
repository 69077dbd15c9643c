import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { formatEventDateTime } from '../../../shared/format';
import { paths } from '../../lib/paths';
import { PLAYER_COPY } from './playerCopy';
import { PlayerTopBar } from './PlayerTopBar';

/** The player's page when it shows a message instead of the angles: the way back stays on top. */
export function Frame({ event, children }: { event: AssetDetail; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PlayerTopBar event={event} />
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>{children}</Box>
    </Box>
  );
}

export function PlayerLoading({ event }: { event: AssetDetail }) {
  return (
    <Frame event={event}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{PLAYER_COPY.loading}</Typography>
      </Box>
    </Frame>
  );
}

/** A 'Live' event before its air start: when it begins, and the way back to its page. */
export function PlayerNotStarted({ event }: { event: AssetDetail }) {
  return (
    <Frame event={event}>
      <Box>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
          {PLAYER_COPY.beginsOn(formatEventDateTime(event.airStartDate))}
        </Typography>
        <Button component={Link} to={paths.event(event.path)} variant="default">
          {PLAYER_COPY.backToEvent}
        </Button>
      </Box>
    </Frame>
  );
}

/** A refusal or failure, in the server's words when it gave some, with a way to try again. */
export function PlayerProblem({
  event,
  message,
  onRetry,
}: {
  event: AssetDetail;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Frame event={event}>
      <Alert
        severity="error"
        sx={{ maxWidth: 560, textAlign: 'left' }}
        action={
          <Button variant="ghost" color="inherit" size="sm" onClick={onRetry}>
            {PLAYER_COPY.tryAgain}
          </Button>
        }
      >
        {message}
      </Alert>
    </Frame>
  );
}

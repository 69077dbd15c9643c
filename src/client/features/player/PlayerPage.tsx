import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { hasStarted } from '../../../shared/format';
import { paths, type EventPageState } from '../../lib/paths';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import NotFoundPage from '../../components/NotFoundPage';
import { PLAYER_COPY } from './playerCopy';
import { PlayerNotStarted } from './PlayerMessage';
import { PlayerSession } from './PlayerSession';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { usePlayerAccess } from './usePlayerAccess';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

/** @public the head the server sends with the player, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle('Watch'), noindex: true };

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * /player/{id}: the event's angles for a viewer who may watch it. Anyone else goes to the event page;
 * a 'Live' event before its air start says when it begins (and opens itself when it does).
 */
export default function PlayerPage() {
  const { id = '' } = useParams();
  const access = usePlayerAccess(id);
  const airStart =
    access.status === 'allowed' && access.event.contentType === 'Live' ? access.event.airStartDate : null;
  const [now, setNow] = useState(() => Date.now());
  const waiting = airStart !== null && !hasStarted(airStart, now);
  useEffect(() => {
    if (!waiting || !airStart) return undefined;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(MAX_TIMEOUT_MS, Date.parse(airStart) - Date.now() + 50),
    );
    return () => clearTimeout(timer);
  }, [waiting, airStart, now]);

  switch (access.status) {
    case 'checking':
      return <FullPageSpinner label={SHOP_MESSAGES.checkingAccess} />;
    case 'missing':
      return <NotFoundPage />;
    case 'unavailable':
      return (
        <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
          <Alert
            severity="error"
            action={
              <Button variant="ghost" color="inherit" size="sm" onClick={access.retry}>
                {PLAYER_COPY.tryAgain}
              </Button>
            }
          >
            {PLAYER_COPY.eventFailed}
          </Alert>
        </Box>
      );
    case 'denied':
      // The event page says why (a ticket is needed) and offers what to do about it.
      return (
        <Navigate
          to={paths.event(access.event.path)}
          replace
          state={{ refusedPlayer: true } satisfies EventPageState}
        />
      );
    case 'allowed':
      return waiting ? (
        <PlayerNotStarted event={access.event} />
      ) : (
        <PlayerSession key={access.event.path} event={access.event} />
      );
  }
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useRequireSignIn } from '../../lib/useRequireSignIn';
import { CONFIRMATION_REDIRECT_S } from '../../../shared/constants';
import { CONFIRMATION_COPY, confirmationState } from './confirmationCopy';
import { useConfirmOrder } from './useConfirmOrder';
import { useRedirectCountdown } from './useRedirectCountdown';
import { useOnAirPath } from '../liveNow/liveNowApi';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';

const ICONS = { 1: CheckCircleOutlineIcon, 2: ErrorOutlineIcon, 3: HourglassEmptyIcon } as const;
const COLOURS = { 1: 'success.main', 2: 'error.main', 3: 'warning.main' } as const;

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle('Order Confirmation'), noindex: true };

/** docs/behaviour.md §2 "Order confirmation": signed in; the payment's outcome, then back to the event after 10 s. */
export default function OrderConfirmationPage() {
  const userId = useRequireSignIn();
  return userId === null ? null : <Confirmation userId={userId} />;
}

function Confirmation({ userId }: { userId: number }) {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const state = confirmationState(params.get('redirect_status'));
  useConfirmOrder(userId, params.get('payment_intent'), state === 1);
  const eventPath = paths.event(eventId);
  const left = useRedirectCountdown(CONFIRMATION_REDIRECT_S, eventPath);
  // The show bought is on air now: 'Watch now' takes the fan straight to it.
  const onAir = useOnAirPath(eventId);
  const Icon = ICONS[state];
  const heading =
    state === 1 ? CONFIRMATION_COPY.success : state === 2 ? CONFIRMATION_COPY.failed : CONFIRMATION_COPY.pending;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 9 } }}>
      <PageHead {...head} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Icon aria-hidden sx={{ fontSize: 64, color: COLOURS[state] }} />
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mt: 1 }}>
          {heading}
        </Typography>
        {state === 1 && (
          <>
            <Typography sx={{ mt: 2, fontWeight: 700 }}>{CONFIRMATION_COPY.thanks}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {CONFIRMATION_COPY.checkEmail}
            </Typography>
          </>
        )}
        {/* Polite and atomic: a screen reader hears the line when it settles, not a shout every second. */}
        <Box role="status" aria-live="polite" aria-atomic="true" sx={{ mt: 3 }}>
          <Typography color="text.secondary">{CONFIRMATION_COPY.redirecting(left)}</Typography>
        </Box>
        {state === 1 && onAir && (
          <Button component={RouterLink} to={paths.player(onAir)} variant="default" sx={{ mt: 3, mr: 1 }}>
            {CONFIRMATION_COPY.watchNow}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={eventPath}
          variant={state === 1 && onAir ? 'secondary' : 'default'}
          sx={{ mt: 3 }}
        >
          Go to event
        </Button>
      </Paper>
    </Container>
  );
}

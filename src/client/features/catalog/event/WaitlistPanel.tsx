import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { formatEventDateTime } from '../../../../shared/format';
import { useAppSelector } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { messageFor } from '../../../api/serverError';
import { selectUserId } from '../../auth/authSelectors';
import { useAddToCartMutation } from '../../cart/cartApi';
import { selectCartTarget } from '../../cart/cartSelectors';
import { useGetWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } from '../waitlistApi';

/** The panel's words (docs/decisions.md "After the purchase"). */
export const WAITLIST_COPY = {
  signIn: 'Sign in to join the waiting list',
  join: 'Join the waiting list',
  leave: 'Leave the waiting list',
  checkout: 'Go to checkout',
  place: (n: number) => `You're number ${n} in line. We'll e-mail you if a seat opens up.`,
  held: (until: string) => `A seat is held for you until ${until}.`,
  failed: 'That did not work. Please try again.',
} as const;

/**
 * Under 'Sold Out' on a sold-out premium event: the waiting list. Signed out, a link to sign in;
 * signed in, join, read the place in line and leave; with a seat held, until when and the way to
 * checkout (the event goes into the cart first, which the hold lets this fan alone do).
 */
export function WaitlistPanel({ event }: { event: AssetDetail }) {
  if (event.isPremium !== 1 || event.soldOut !== 1) return null;
  return (
    <Box component="section" aria-label="Waiting list" sx={{ mt: 1.5 }}>
      <WaitlistState eventId={event.id} />
    </Box>
  );
}

function WaitlistState({ eventId }: { eventId: number }) {
  const signedIn = useAppSelector(selectUserId) !== null;
  const target = useAppSelector(selectCartTarget);
  const { data, isError } = useGetWaitlistQuery(eventId, { skip: !signedIn, refetchOnMountOrArgChange: true });
  const [join, joining] = useJoinWaitlistMutation();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [addToCart, adding] = useAddToCartMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const navigate = useNavigate();

  if (!signedIn) {
    return (
      <Button fullWidth variant="outline" component={Link} to={paths.signIn}>
        {WAITLIST_COPY.signIn}
      </Button>
    );
  }
  if (!data && !isError) return null;
  const attempt = async (call: () => Promise<unknown>) => {
    setFailed(null);
    try {
      await call();
    } catch (err) {
      console.error('Waiting list error', err);
      setFailed(messageFor(err, WAITLIST_COPY.failed));
    }
  };
  // The server's sentence when it refused (the event is no longer sold out, say), else ours.
  const problem = failed && (
    <Typography role="alert" color="error" sx={{ mt: 1 }}>
      {failed}
    </Typography>
  );

  if (data?.state === 'held') {
    const toCheckout = () =>
      attempt(async () => {
        await addToCart({ asset_id: eventId, ...target }).unwrap();
        void navigate(paths.checkout);
      });
    return (
      <>
        <Typography role="status" sx={{ mb: 1, fontWeight: 600 }}>
          {WAITLIST_COPY.held(formatEventDateTime(data.heldUntil))}
        </Typography>
        <Button fullWidth variant="default" disabled={adding.isLoading} onClick={() => void toCheckout()}>
          {WAITLIST_COPY.checkout}
        </Button>
        {problem}
      </>
    );
  }
  if (data?.state === 'waiting' && data.place !== null) {
    return (
      <>
        <Typography role="status" sx={{ mb: 1 }}>
          {WAITLIST_COPY.place(data.place)}
        </Typography>
        <Button
          fullWidth
          variant="outline"
          disabled={leaving.isLoading}
          onClick={() => void attempt(() => leave(eventId).unwrap())}
        >
          {WAITLIST_COPY.leave}
        </Button>
        {problem}
      </>
    );
  }
  return (
    <>
      <Button
        fullWidth
        variant="default"
        disabled={joining.isLoading}
        onClick={() => void attempt(() => join(eventId).unwrap())}
      >
        {WAITLIST_COPY.join}
      </Button>
      {problem}
    </>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link, useLocation } from 'react-router-dom';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { useAppSelector } from '../../../lib/hooks';
import { isEventPageState, paths } from '../../../lib/paths';
import { selectIsLoggedIn } from '../../auth/authSelectors';
import { useEventOwnership } from '../../orders/ordersApi';
import { useHydrated } from '../../../components/afterFirstScreen';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

export const PLAYER_REFUSED = {
  guest: 'This show needs a ticket. Sign in, then add it to your cart to watch.',
  user: "You don't have a ticket for this show yet. Add it to your cart to watch.",
  signIn: SHOP_MESSAGES.signIn,
} as const;

/**
 * Said on the event page when the player sent the visitor here (a premium event they hold no ticket
 * for, from a shared or bookmarked player link): why they are not watching, and what to do. Gone once
 * they hold a ticket.
 */
export function PlayerRefusedNotice({ event }: { event: AssetDetail }) {
  const { state } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const { owned } = useEventOwnership(event);
  // History state is the browser's: a reload of this entry keeps it, but the server's HTML has no notice.
  const hydrated = useHydrated();
  if (!hydrated || !isEventPageState(state) || event.isPremium !== 1 || owned) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 2 }}
      action={
        signedIn ? undefined : (
          <Button component={Link} to={paths.signIn} variant="outline" size="sm" color="inherit">
            {PLAYER_REFUSED.signIn}
          </Button>
        )
      }
    >
      {signedIn ? PLAYER_REFUSED.user : PLAYER_REFUSED.guest}
    </Alert>
  );
}

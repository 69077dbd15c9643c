import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { formatCountdown, formatEventDateTime } from '../../../../shared/format';
import { formatPrice } from '../../../../shared/money';
import { SafeHtml } from '../../../components/SafeHtml';
import { useEventOwnership } from '../../orders/ordersApi';
import { useGetSubscriptionQuery } from '../catalogApi';
import { CartButton } from './CartButton';
import { WaitlistPanel } from './WaitlistPanel';
import { useCountdown } from './useCountdown';
import { useHydrated } from '../../../components/afterFirstScreen';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: { xs: 0.5, md: 1 } }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography component="div" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * docs/behaviour.md §2 "Event page" side card: the price and the action first, then the broadcast date or 'Available
 * Now', the type and what's included.
 */
export function AccessCard({ event }: { event: AssetDetail }) {
  const premium = event.isPremium === 1;
  const { owned, checking } = useEventOwnership(event);
  // Whether this visitor may watch, has it in the cart, or how long is left: known in the browser only.
  const hydrated = useHydrated();
  const canWatch = owned || !premium;
  return (
    <Card sx={{ backgroundImage: 'none', border: 1, borderColor: 'divider' }}>
      <CardContent sx={{ p: { xs: 2, md: 3 }, '&:last-child': { pb: { xs: 2, md: 3 } } }}>
        {/* The heading and the price share a line, the action follows: on a phone all three are on the
            first screen, clear of the install banner and toasts at the bottom; the details come after. */}
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 800 }}>
            Get Access
          </Typography>
          {premium && !canWatch && !checking && event.rate !== null && (
            <Typography data-testid="price" sx={{ fontSize: '2rem', fontWeight: 800, color: 'primary.main' }}>
              {formatPrice(event.rate)}
            </Typography>
          )}
        </Box>
        <Box sx={{ mt: 1.5 }}>
          {checking || !hydrated ? (
            <Skeleton variant="rounded" height={42} aria-label={SHOP_MESSAGES.checkingAccess} />
          ) : canWatch ? (
            <WatchButton event={event} />
          ) : (
            <CartButton event={event} soldOut={event.soldOut === 1} />
          )}
        </Box>
        {hydrated && !checking && !canWatch && <WaitlistPanel event={event} />}
        <Divider sx={{ mt: 2, mb: 1 }} />
        {event.contentType === 'Live' ? (
          <Row label="Broadcast Date">{formatEventDateTime(event.airStartDate)}</Row>
        ) : (
          <Row label="Availability">Available Now</Row>
        )}
        <Row label="Event type">{event.contentType}</Row>
        {premium && event.subscription_id !== null && <Included subscriptionId={event.subscription_id} />}
      </CardContent>
    </Card>
  );
}

/** 'Play', or 'Show begins in …' ticking every second until the air time (docs/behaviour.md §4 "Countdown"). */
function WatchButton({ event }: { event: AssetDetail }) {
  const left = formatCountdown(useCountdown(event.airStartDate));
  if (left) {
    return (
      <Button fullWidth size="lg" variant="outline" disabled data-testid="countdown">{`Show begins in ${left}`}</Button>
    );
  }
  return (
    <Button
      fullWidth
      size="lg"
      variant="default"
      component={Link}
      to={paths.player(event.path)}
      startIcon={<PlayArrowIcon />}
    >
      Play
    </Button>
  );
}

function Included({ subscriptionId }: { subscriptionId: number }) {
  const { data, isLoading, error } = useGetSubscriptionQuery(subscriptionId);
  if (error) console.error('getSubscriptionById error', error);
  return (
    <Box sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        What's included:
      </Typography>
      {isLoading ? (
        <Skeleton height={80} />
      ) : (
        data && <SafeHtml html={data.description} sx={{ color: 'text.secondary' }} />
      )}
    </Box>
  );
}

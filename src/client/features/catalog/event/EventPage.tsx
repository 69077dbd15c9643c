import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { formatEventDateTime, formatWeekday, INVALID_DATE } from '../../../../shared/format';
import { PosterImage } from '../../../components/PosterImage';
import { SafeHtml } from '../../../components/SafeHtml';
import NotFoundPage from '../../../components/NotFoundPage';
import { settle, type ServerData } from '../../../lib/serverData';
import { catalogApi, useGetAssetQuery } from '../catalogApi';
import { AccessCard } from './AccessCard';
import { EventMeta } from './EventMeta';

/**
 * The event as any visitor sees it. Whether this visitor may watch it, or has it in the cart, is
 * theirs: the access card asks after the page is interactive.
 */
/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData: ServerData = async (dispatch, params) => {
  const { getAsset, getSubscription } = catalogApi.endpoints;
  const [event] = (await settle([dispatch(getAsset.initiate(params.eventId ?? ''))])) as [AssetDetail | null];
  if (event?.isPremium === 1 && event.subscription_id !== null)
    await settle([dispatch(getSubscription.initiate(event.subscription_id))]);
};

/** Spec "Event detail": the event, its date in EDT and weekday, venue, description and the access card. */
export default function EventPage() {
  const { eventId = '' } = useParams();
  const { data: event, isLoading, error } = useGetAssetQuery(eventId);
  if (error && (error as { status?: unknown }).status === 404) return <NotFoundPage />;
  if (isLoading || !event) return <EventSkeleton />;

  const when = formatEventDateTime(event.airStartDate);
  const weekday = formatWeekday(event.airStartDate);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <EventMeta event={event} />
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Box sx={{ borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <PosterImage src={event.vodOrLivePosterImageFilePath} alt={event.title} first />
          </Box>
          <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {event.label && <Chip label={event.label} color="primary" variant="outlined" />}
            {event.contentType === 'Live' && <Chip label="Live" color="secondary" size="medium" />}
          </Box>
          <Typography
            component="h1"
            variant="h3"
            sx={{ mt: 2, fontWeight: 800, fontSize: { xs: '1.9rem', md: '2.8rem' } }}
          >
            {event.title}
          </Typography>
          {event.event_label && <Typography sx={{ mt: 1, fontSize: '1.15rem' }}>{event.event_label}</Typography>}
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {[event.venue_description, when !== INVALID_DATE ? when : null, weekday !== INVALID_DATE ? weekday : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <SafeHtml html={event.description} sx={{ mt: 3, fontSize: '1.05rem', lineHeight: 1.7 }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <AccessCard event={event} />
        </Grid>
      </Grid>
    </Container>
  );
}

function EventSkeleton() {
  return (
    <Container
      maxWidth="xl"
      sx={{ py: { xs: 3, md: 6 } }}
      role="progressbar"
      aria-busy="true"
      aria-label="Loading event"
    >
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2 }} />
          <Skeleton width="70%" height={56} sx={{ mt: 3 }} />
          <Skeleton width="40%" />
          <Skeleton height={120} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rectangular" height={320} sx={{ borderRadius: 2 }} />
        </Grid>
      </Grid>
    </Container>
  );
}

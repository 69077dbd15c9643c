import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { formatEventDateTime, formatWeekday, INVALID_DATE } from '../../../../shared/format';
import { PageHead, useSiteOrigin } from '../../../components/PageHead';
import { PosterImage } from '../../../components/PosterImage';
import { SafeHtml } from '../../../components/SafeHtml';
import NotFoundPage from '../../../components/NotFoundPage';
import { settle, type ServerData } from '../../../lib/serverData';
import { catalogApi, useGetAssetQuery } from '../catalogApi';
import { LiveNowBadge } from '../../../components/LiveNowBadge';
import { useLiveNow } from '../../liveNow/liveNowApi';
import { AccessCard } from './AccessCard';
import { AddToCalendar } from './AddToCalendar';
import { eventHead } from './eventHead';
import { PlayerRefusedNotice } from './PlayerRefusedNotice';
import { VisitorTime } from './VisitorTime';

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

/**
 * docs/behaviour.md §2 "Event page": the event, its date in New York time and weekday, venue, description and the
 * access card. On a phone the access card (price and action) comes right after the title, within the
 * first screen, and the description after it; from tablet width it sits beside the text, sticky.
 */
export default function EventPage() {
  const { eventId = '' } = useParams();
  const { data: event, isLoading, error } = useGetAssetQuery(eventId);
  const origin = useSiteOrigin();
  const liveNow = useLiveNow();
  if (error && (error as { status?: unknown }).status === 404) return <NotFoundPage />;
  if (isLoading || !event) return <EventSkeleton />;

  const when = formatEventDateTime(event.airStartDate);
  const weekday = formatWeekday(event.airStartDate);
  const watching = liveNow.get(event.id);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 6 } }}>
      <PageHead {...eventHead(event, origin)} />
      <PlayerRefusedNotice event={event} />
      <Box
        sx={{
          display: 'grid',
          columnGap: 5,
          rowGap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: {
            xs: '"poster" "heading" "access" "about"',
            md: '"poster access" "heading access" "about access"',
          },
          // The rows beside the card take their own height; the last takes what is left.
          gridTemplateRows: { md: 'auto auto 1fr' },
        }}
      >
        <Box sx={{ gridArea: 'poster', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <PosterImage src={event.vodOrLivePosterImageFilePath} alt={event.title} first />
        </Box>
        <Box sx={{ gridArea: 'heading' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {event.label && <Chip label={event.label} color="primary" variant="outlined" size="small" />}
            {event.contentType === 'Live' && watching === undefined && (
              <Chip label="Live" color="secondary" size="small" />
            )}
            {watching !== undefined && <LiveNowBadge watching={watching} />}
          </Box>
          <Typography
            component="h1"
            variant="h3"
            sx={{ mt: 1.5, fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.8rem' }, lineHeight: 1.2 }}
          >
            {event.title}
          </Typography>
          {event.event_label && (
            <Typography sx={{ mt: 0.5, fontSize: { xs: '1rem', md: '1.15rem' } }}>{event.event_label}</Typography>
          )}
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="event-when">
            {[event.venue_description, when !== INVALID_DATE ? when : null, weekday !== INVALID_DATE ? weekday : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <VisitorTime airStartDate={event.airStartDate} />
          <AddToCalendar event={event} />
        </Box>
        <Box sx={{ gridArea: 'access', alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}>
          <AccessCard event={event} />
        </Box>
        <SafeHtml
          html={event.description}
          sx={{ gridArea: 'about', fontSize: { xs: '1rem', md: '1.05rem' }, lineHeight: 1.7, minWidth: 0 }}
        />
      </Box>
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

import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { CATEGORY_PAGE } from '../../../../shared/constants';
import { EventGrid, EventGridSkeleton } from '../../../components/EventGrid';
import { settle, type ServerData } from '../../../lib/serverData';
import { catalogApi, useGetCategoryListingQuery } from '../catalogApi';
import { useLiveNow } from '../../liveNow/liveNowApi';
import { byAiring } from './airOrder';
import { PageHeading } from './PageHeading';
import { PageHead } from '../../../components/PageHead';
import { pageTitle, type HeadData } from '../../../lib/pageHead';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

const UPCOMING_CATEGORY_PATH = 'upcoming-events';

const LISTING = { path: UPCOMING_CATEGORY_PATH, start: CATEGORY_PAGE.listingStart, limit: CATEGORY_PAGE.listingLimit };

/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData: ServerData = (dispatch) =>
  settle([dispatch(catalogApi.endpoints.getCategoryListing.initiate(LISTING))]);

const head: HeadData = {
  title: pageTitle(SHOP_MESSAGES.upcomingEvents),
  heading: SHOP_MESSAGES.upcomingEvents,
  description: 'Live concerts coming up on AllAccess, and the shows you can watch now on demand, every camera angle.',
};

/** Headings of the parts of /events (ours: the spec names the page only). */
const EVENTS_PAGE_GROUPS = { live: SHOP_MESSAGES.liveNow, upcoming: 'Coming up', onDemand: 'On demand' } as const;

/**
 * /events: the upcoming-events category, the shows on air now first (the busiest first), then the ones
 * still to come (soonest first), then the ones that have aired, under 'On demand' (byAiring). The clock
 * is the moment the listing arrived.
 */
export default function EventsPage() {
  const { data, isLoading, isError, fulfilledTimeStamp = 0 } = useGetCategoryListingQuery(LISTING);
  const liveNow = useLiveNow();
  const { upcoming, onDemand } = byAiring(data?.data ?? [], fulfilledTimeStamp);
  const live = (data?.data ?? [])
    .filter((e) => liveNow.has(e.id))
    .sort((a, b) => (liveNow.get(b.id) ?? 0) - (liveNow.get(a.id) ?? 0));
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHead {...head} />
      <PageHeading title={SHOP_MESSAGES.upcomingEvents} descriptionHtml={data?.description} />
      {isLoading && <EventGridSkeleton />}
      {data && (
        <EventGrid
          labelled
          liveNow={liveNow}
          groups={[
            { label: EVENTS_PAGE_GROUPS.live, events: live },
            { label: EVENTS_PAGE_GROUPS.upcoming, events: upcoming },
            { label: EVENTS_PAGE_GROUPS.onDemand, events: onDemand },
          ]}
        />
      )}
      {(isError || (data && data.data.length === 0)) && (
        <Typography color="text.secondary">No events are scheduled right now. Check back soon.</Typography>
      )}
    </Container>
  );
}

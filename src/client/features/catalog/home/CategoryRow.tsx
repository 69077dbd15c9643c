import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { SCROLL_AREA_HIDE_DELAY_MS } from '../../../../shared/constants';
import type { AssetSummary, Category } from '../../../../shared/contract/catalog';
import { EventCard } from '../../../components/EventCard';
import { liveFirst } from '../../../components/EventGrid';
import { useLiveNow } from '../../liveNow/liveNowApi';
import { useGetCategoryListingQuery } from '../catalogApi';
import { dedupeByPath } from '../../../lib/dedupe';
import { useScrollButtons } from './useScrollButtons';
import { useScrollingFlag } from './useScrollingFlag';

const cardWidth = { xs: '78%', sm: '45%', md: '31%', lg: '23.5%' };
const BUTTON_PX = 44;
/**
 * The row's own scrollbar: thin, drawn only while the row scrolls and until 600 ms after (docs/behaviour.md §9), in
 * a colour that reads on the page. Its room is always kept, so it appearing moves nothing.
 */
const thumbWhileScrolling = (theme: Theme) => theme.palette.text.secondary;
const rowSx = {
  display: 'flex',
  gap: 2,
  overflowX: 'auto',
  pb: 1,
  scrollbarWidth: 'thin',
  scrollbarColor: 'transparent transparent',
  '&[data-scrolling]': { scrollbarColor: (theme: Theme) => `${thumbWhileScrolling(theme)} transparent` },
  // Engines without scrollbar-color (older WebKit) style the same scrollbar through their own pseudo-elements.
  '&::-webkit-scrollbar': { height: 6 },
  '&::-webkit-scrollbar-thumb': { borderRadius: 3, backgroundColor: 'transparent' },
  '&[data-scrolling]::-webkit-scrollbar-thumb': { backgroundColor: thumbWhileScrolling },
} as const;
/**
 * The scroll buttons sit on the middle of the posters (16:9, as wide as a card), clear of the 'View Event' buttons
 * below.
 */
const posterMiddle = Object.fromEntries(
  Object.entries(cardWidth).map(([bp, w]) => [bp, `calc(${parseFloat(w)}cqw * 9 / 32 - ${BUTTON_PX / 2}px)`]),
);

/** A home row: label, 'View All', and the category's first events scrolling sideways. */
export function CategoryRow({ category }: { category: Category }) {
  const { data, isLoading } = useGetCategoryListingQuery({ path: category.path });
  const liveNow = useLiveNow();
  const events = liveFirst(dedupeByPath(data?.data ?? []), liveNow);
  if (!isLoading && events.length === 0) return null;
  return (
    <Box component="section" aria-label={category.label} sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 800 }}>
          {category.label}
        </Typography>
        <Button
          component={Link}
          to={paths.category(category.path)}
          variant="link"
          size="sm"
          aria-label={`View All ${category.label}`}
        >
          View All
        </Button>
      </Box>
      {isLoading ? <RowSkeleton /> : <ScrollingRow events={events} label={category.label} liveNow={liveNow} />}
    </Box>
  );
}

/** A row of cards; the shows on air (`liveNow`: event id to watchers) say so on their posters. */
export function ScrollingRow({
  events,
  label,
  liveNow,
}: {
  events: AssetSummary[];
  label: string;
  liveNow?: ReadonlyMap<number, number>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { canScroll, scrollByStep, measure } = useScrollButtons(ref);
  const scrolling = useScrollingFlag(ref, SCROLL_AREA_HIDE_DELAY_MS);
  useEffect(measure, [events, measure]);
  // The buttons are for pointers and fingers, at every width, and vanish at either end of the row, taking
  // focus with them; keyboard users reach every card with Tab instead, and the row scrolls the focused
  // card into view. No scroll snapping: it would pull each step off the spec's 80 % of the visible width.
  const buttonSx = {
    position: 'absolute',
    top: posterMiddle,
    zIndex: 1,
    width: BUTTON_PX,
    height: BUTTON_PX,
    bgcolor: 'rgba(11,10,18,0.85)',
    border: 1,
    borderColor: 'divider',
    '&:hover': { bgcolor: 'background.paper' },
  } as const;
  return (
    <Box sx={{ position: 'relative', containerType: 'inline-size' }}>
      {canScroll.left && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Scroll ${label} left`}
          tabIndex={-1}
          onClick={() => scrollByStep(-1)}
          sx={{ ...buttonSx, left: -12 }}
        >
          <ChevronLeftIcon />
        </Button>
      )}
      <Box ref={ref} role="list" data-testid="row-scroller" data-scrolling={scrolling || undefined} sx={rowSx}>
        {events.map((event) => (
          <Box key={event.path} role="listitem" sx={{ flex: '0 0 auto', width: cardWidth }}>
            <EventCard event={event} watching={liveNow?.get(event.id)} />
          </Box>
        ))}
      </Box>
      {canScroll.right && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Scroll ${label} right`}
          tabIndex={-1}
          onClick={() => scrollByStep(1)}
          sx={{ ...buttonSx, right: -12 }}
        >
          <ChevronRightIcon />
        </Button>
      )}
    </Box>
  );
}

function RowSkeleton() {
  return (
    <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Box key={i} sx={{ flex: '0 0 auto', width: cardWidth }}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 1 }} />
          <Skeleton sx={{ mt: 1 }} width="80%" />
          <Skeleton width="50%" />
        </Box>
      ))}
    </Box>
  );
}

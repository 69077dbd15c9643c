import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AssetSummary } from '../../shared/contract/catalog';
import { dedupeByPath } from '../lib/dedupe';
import { EventCard } from './EventCard';

export type EventGroup = { label: string; events: AssetSummary[] };

const NOTHING_LIVE: ReadonlyMap<number, number> = new Map();

/** The shows on air first, each group's order kept otherwise (a stable sort). */
export function liveFirst(events: AssetSummary[], liveNow: ReadonlyMap<number, number>): AssetSummary[] {
  return [...events].sort((a, b) => Number(liveNow.has(b.id)) - Number(liveNow.has(a.id)));
}

const columns = { xs: 12, sm: 6, md: 4, lg: 3 } as const;
/** Cards on the first screen at the widest layout (one row of four): their posters are not lazy. */
const FIRST_SCREEN_CARDS = 4;

/**
 * Event cards in 1 to 4 columns, in labelled groups; an event appears once on the page (by path),
 * in the first group that has it. A group's heading shows when there are several, or always when
 * `labelled` (the label says what the events are, not only where the group ends).
 */
export function EventGrid({
  groups,
  headingLevel = 'h2',
  labelled = false,
  liveNow = NOTHING_LIVE,
}: {
  groups: EventGroup[];
  headingLevel?: 'h2' | 'h3';
  labelled?: boolean;
  /** The shows on air now (event id to watchers): first in their group, 'Live now' on their cards. */
  liveNow?: ReadonlyMap<number, number>;
}) {
  const seen = new Set<string>();
  const deduped = groups
    .map((g) => ({
      ...g,
      events: liveFirst(
        dedupeByPath(g.events).filter((e) => !seen.has(e.path) && (seen.add(e.path), true)),
        liveNow,
      ),
    }))
    .filter((g) => g.events.length > 0);
  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      {deduped.map((group, groupIndex) => (
        <Box component="section" key={group.label} aria-label={group.label}>
          {(labelled || deduped.length > 1) && (
            <Typography component={headingLevel} variant="h5" sx={{ mb: 2, fontWeight: 700 }}>
              {group.label}
            </Typography>
          )}
          <Grid container spacing={3}>
            {group.events.map((event, i) => (
              <Grid key={event.path} size={columns}>
                <EventCard
                  event={event}
                  watching={liveNow.get(event.id)}
                  onFirstScreen={groupIndex > 0 || i >= FIRST_SCREEN_CARDS ? 'no' : i === 0 ? 'first' : 'yes'}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}

export function EventGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    // A named progress indicator: a plain <div> may not carry a label (WCAG 4.1.2).
    <Grid container spacing={3} role="progressbar" aria-busy="true" aria-label="Loading events">
      {Array.from({ length: count }, (_, i) => (
        <Grid key={i} size={columns}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 1 }} />
          <Skeleton sx={{ mt: 1.5 }} width="80%" />
          <Skeleton width="50%" />
          <Skeleton width="60%" />
          <Skeleton variant="rectangular" height={36} sx={{ mt: 1.5, borderRadius: 1 }} />
        </Grid>
      ))}
    </Grid>
  );
}

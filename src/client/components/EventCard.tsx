import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import type { AssetSummary } from '../../shared/contract/catalog';
import { formatDayAndWeekday, hasStarted } from '../../shared/format';
import { LiveNowBadge } from './LiveNowBadge';
import { PosterImage } from './PosterImage';

/** docs/behaviour.md §2 "Event card": image, venue badge, two-line title, location, 'date | weekday', 'View Event'. */
/**
 * `onFirstScreen`: the card is among the first a visitor sees (its poster loads at once, the first one first).
 * `watching`: the show is on air now, watched by about that many ('Live now' on its poster).
 */
export function EventCard({
  event,
  onFirstScreen = 'no',
  watching,
}: {
  event: AssetSummary;
  onFirstScreen?: 'first' | 'yes' | 'no';
  watching?: number | undefined;
}) {
  // When the card first showed: a card does not turn "past" under the visitor's eyes.
  const [now] = useState(() => Date.now());
  const past = hasStarted(event.airStartDate, now) && event.contentType === 'Live' && watching === undefined;
  const when = formatDayAndWeekday(event.airStartDate);
  return (
    <Card
      component="article"
      aria-label={event.title}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        backgroundImage: 'none',
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <PosterImage
          src={event.vodOrLivePosterImageFilePath}
          alt=""
          eager={onFirstScreen !== 'no'}
          first={onFirstScreen === 'first'}
        />
        {event.venue_description && (
          <Chip
            label={event.venue_description}
            size="small"
            sx={{
              position: 'absolute',
              top: 10,
              left: 10,
              bgcolor: 'rgba(11,10,18,0.78)',
              color: 'common.white',
              fontWeight: 600,
              backdropFilter: 'blur(6px)',
            }}
          />
        )}
        {watching !== undefined && (
          <Box sx={{ position: 'absolute', left: 10, bottom: 10, right: 10 }}>
            <LiveNowBadge watching={watching} />
          </Box>
        )}
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography
          component="h3"
          variant="subtitle1"
          title={event.title}
          sx={{
            fontWeight: 700,
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.6em',
          }}
        >
          {event.title}
        </Typography>
        {event.event_label && (
          <Typography variant="body2" color="text.secondary">
            {event.event_label}
          </Typography>
        )}
        {when && (
          <Typography variant="body2" color="text.secondary">
            {when}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          component={Link}
          to={paths.event(event.id)}
          fullWidth
          sx={{ mt: 1.5 }}
          variant={past ? 'secondary' : 'default'}
          data-past={past || undefined}
        >
          View Event
        </Button>
      </CardContent>
    </Card>
  );
}

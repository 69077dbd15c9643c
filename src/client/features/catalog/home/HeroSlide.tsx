import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { CarouselItem } from '../../../../shared/contract/catalog';
import { formatDayAndWeekday } from '../../../../shared/format';
import { HlsVideo } from '../../../components/HlsVideo';
import { HeroVideoControls } from './HeroVideoControls';

const SCRIM_FADE = 120;

/**
 * Text over a photo or a video has no known background, so the text gets its own: a night-coloured
 * scrim from the slide's left edge to just past the text, at least 72 % opaque under every letter,
 * fading out to the right and above and below the text so the picture still shows around it. Over
 * the brightest possible pixel that keeps white text above 7:1 and the amber venue line above 4.5:1
 * (WCAG 1.4.3), whatever the slide shows.
 */
const textScrim = {
  content: '""',
  position: 'absolute',
  zIndex: -1,
  top: -SCRIM_FADE,
  bottom: -SCRIM_FADE,
  left: '-100vw',
  right: -2 * SCRIM_FADE,
  background:
    `linear-gradient(90deg, rgba(5,4,10,0.85) 0, rgba(5,4,10,0.72) calc(100% - ${2 * SCRIM_FADE}px), ` +
    `rgba(5,4,10,0) 100%)`,
  maskImage:
    `linear-gradient(180deg, transparent 0, #000 ${SCRIM_FADE}px, #000 calc(100% - ${SCRIM_FADE}px), ` +
    `transparent 100%)`,
} as const;

/** The slide's call to action (docs/behaviour.md §2 "Home"). */
const JOIN = 'Join The Crowd';

/** One hero slide: image or looping muted video, venue, title, location, date | weekday, 'Join The Crowd'. */
export function HeroSlide({ slide, active, eager }: { slide: CarouselItem; active: boolean; eager: boolean }) {
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);
  const event = slide.asset[0];
  const when = formatDayAndWeekday(event?.airStartDate);
  const isVideo = slide.type === 'video' && slide.videoUrl;

  return (
    // overflow: the text scrim reaches far left and right, but never onto the neighbouring slides.
    <Box sx={{ position: 'relative', height: '100%', overflow: 'hidden' }}>
      {isVideo ? (
        // Only the visible slide keeps a video playing.
        active ? (
          <HlsVideo
            src={slide.videoUrl}
            muted={muted}
            paused={paused}
            loop
            autoPlay
            poster={slide.filePath || undefined}
            label={`${slide.label} trailer`}
          />
        ) : (
          <Box sx={{ height: '100%', bgcolor: 'black' }} />
        )
      ) : (
        <Box
          component="img"
          src={slide.filePath}
          alt=""
          width={1920}
          height={1080}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {/* zIndex: the text's scrim (a pseudo-element behind it) paints above the picture, under the text. */}
      <Container
        maxWidth="xl"
        sx={{ position: 'absolute', inset: 0, zIndex: 1, display: 'flex', alignItems: 'center' }}
      >
        <Box
          sx={{
            position: 'relative',
            maxWidth: 720,
            px: { xs: 5, md: 8 },
            color: 'common.white',
            '&::before': textScrim,
          }}
        >
          {event?.venue_description && (
            <Typography variant="overline" sx={{ color: 'secondary.main', letterSpacing: 3, fontWeight: 700 }}>
              {event.venue_description}
            </Typography>
          )}
          <Typography
            component="h2"
            variant="h2"
            sx={{ fontSize: { xs: '2.1rem', md: '3.6rem' }, lineHeight: 1.05, my: 1 }}
          >
            {slide.label}
          </Typography>
          {event?.event_label && (
            <Typography sx={{ fontSize: '1.1rem', color: 'grey.100' }}>{event.event_label}</Typography>
          )}
          {when && <Typography sx={{ color: 'grey.300', mt: 0.5 }}>{when}</Typography>}
          {slide.isVisible &&
            (slide.isButtonRequired && event ? (
              <Button component={Link} to={paths.event(event.path)} variant="default" size="lg" sx={{ mt: 3 }}>
                {JOIN}
              </Button>
            ) : (
              <Button
                variant="secondary"
                color="inherit"
                size="lg"
                disableRipple
                sx={{
                  mt: 3,
                  bgcolor: 'grey.700',
                  color: 'grey.200',
                  cursor: 'default',
                  '&:hover': { bgcolor: 'grey.700' },
                }}
              >
                {JOIN}
              </Button>
            ))}
        </Box>
      </Container>
      {isVideo && active && (
        <HeroVideoControls muted={muted} onMutedChange={setMuted} paused={paused} onPausedChange={setPaused} />
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import type { CarouselItem } from '../../../../shared/contract/catalog';
import { formatDayAndWeekday } from '../../../../shared/format';
import { HlsVideo } from '../../../components/HlsVideo';

/** One hero slide: image or looping muted video, venue, title, location, date | weekday, 'Join The Crowd'. */
export function HeroSlide({ slide, active, eager }: { slide: CarouselItem; active: boolean; eager: boolean }) {
  const [muted, setMuted] = useState(true);
  const event = slide.asset[0];
  const when = formatDayAndWeekday(event?.airStartDate);
  const isVideo = slide.type === 'video' && slide.videoUrl;

  return (
    <Box sx={{ position: 'relative', height: '100%' }}>
      {isVideo ? (
        // Only the visible slide keeps a video playing.
        active ? <HlsVideo src={slide.videoUrl} muted={muted} loop autoPlay poster={slide.filePath || undefined} label={`${slide.label} trailer`} />
          : <Box sx={{ height: '100%', bgcolor: 'black' }} />
      ) : (
        <Box component="img" src={slide.filePath} alt="" width={1920} height={1080} loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'} sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
      <Box sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(90deg, rgba(5,4,10,0.85) 0%, rgba(5,4,10,0.35) 60%, rgba(5,4,10,0.1) 100%)' }} />
      <Container maxWidth="xl" sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center' }}>
        <Box sx={{ maxWidth: 720, px: { xs: 5, md: 8 }, color: 'common.white' }}>
          {event?.venue_description && (
            <Typography variant="overline" sx={{ color: 'secondary.main', letterSpacing: 3, fontWeight: 700 }}>{event.venue_description}</Typography>
          )}
          <Typography component="h2" variant="h2" sx={{ fontSize: { xs: '2.1rem', md: '3.6rem' }, lineHeight: 1.05, my: 1 }}>{slide.label}</Typography>
          {event?.event_label && <Typography sx={{ fontSize: '1.1rem', opacity: 0.9 }}>{event.event_label}</Typography>}
          {when && <Typography sx={{ opacity: 0.8, mt: 0.5 }}>{when}</Typography>}
          {slide.isVisible && (slide.isButtonRequired && event ? (
            <Button component={Link} to={paths.event(event.path)} variant="contained" size="large" sx={{ mt: 3 }}>Join The Crowd</Button>
          ) : (
            <Button variant="contained" color="inherit" size="large" disableRipple
              sx={{ mt: 3, bgcolor: 'grey.700', color: 'grey.200', cursor: 'default', '&:hover': { bgcolor: 'grey.700' } }}>
              Join The Crowd
            </Button>
          ))}
        </Box>
      </Container>
      {isVideo && active && (
        <IconButton aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={!muted} onClick={() => setMuted((m) => !m)}
          sx={{ position: 'absolute', right: { xs: 12, md: 24 }, top: { xs: 12, md: 24 }, color: 'common.white', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } }}>
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      )}
    </Box>
  );
}

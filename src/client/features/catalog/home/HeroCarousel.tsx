import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { SLIDE_TRANSITION_MS } from '../../../../shared/constants';
import type { CarouselItem } from '../../../../shared/contract/catalog';
import { SafeHtml } from '../../../components/SafeHtml';
import { aboveInstallBanner } from '../../../lib/bottomRoom';
import { useGetCarouselQuery } from '../catalogApi';
import { HeroSlide } from './HeroSlide';
import { SlideDots } from './SlideDots';

/** Index of the slide `step` away from `index`, wrapping around both ends. */
export const wrapIndex = (index: number, step: number, count: number) =>
  count ? (((index + step) % count) + count) % count : 0;

const HERO_HEIGHT = { xs: 'calc(100svh - 56px)', md: 'calc(100svh - 64px)' };

/** docs/behaviour.md §2 "Home": full-height hero carousel with arrows, dots, wrap-around and a 300 ms slide. */
export function HeroCarousel() {
  const { data: slides, isLoading } = useGetCarouselQuery();
  if (isLoading)
    return (
      <Skeleton
        variant="rectangular"
        sx={{ height: HERO_HEIGHT }}
        role="progressbar"
        aria-label="Loading featured shows"
      />
    );
  if (!slides?.length) return null;
  return <Carousel slides={slides} />;
}

export function Carousel({ slides }: { slides: CarouselItem[] }) {
  const [index, setIndex] = useState(0);
  const go = (step: number) => setIndex((i) => wrapIndex(i, step, slides.length));
  const current = slides[index];
  // Backdrops dark enough that the white icons keep 3:1 over the brightest slide (WCAG 1.4.11).
  const arrowSx = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    zIndex: 2,
    color: 'common.white',
    bgcolor: 'rgba(5,4,10,0.6)',
    '&:hover': { bgcolor: 'rgba(5,4,10,0.8)' },
  } as const;
  const several = slides.length > 1;

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Featured shows"
      sx={{ position: 'relative', height: HERO_HEIGHT, minHeight: 480, overflow: 'hidden', bgcolor: 'black' }}
    >
      <Box
        data-testid="carousel-track"
        sx={{
          display: 'flex',
          height: '100%',
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${SLIDE_TRANSITION_MS}ms ease`,
        }}
      >
        {slides.map((slide, i) => (
          <Box
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            sx={{ flex: '0 0 100%', height: '100%' }}
            inert={i !== index}
          >
            <HeroSlide slide={slide} active={i === index} eager={i === 0} />
          </Box>
        ))}
      </Box>
      {several && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous slide"
          onClick={() => go(-1)}
          sx={{ ...arrowSx, left: { xs: 4, md: 16 } }}
        >
          <ChevronLeftIcon fontSize="large" />
        </Button>
      )}
      {several && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next slide"
          onClick={() => go(1)}
          sx={{ ...arrowSx, right: { xs: 4, md: 16 } }}
        >
          <ChevronRightIcon fontSize="large" />
        </Button>
      )}
      {several && (
        <SlideDots count={slides.length} index={index} onSelect={setIndex} raised={Boolean(current?.description)} />
      )}
      {current?.description && (
        <SafeHtml
          html={current.description}
          data-testid="carousel-banner"
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: 2,
            px: 2,
            py: 1.5,
            textAlign: 'center',
            bgcolor: 'rgba(11,10,18,0.8)',
            '& p': { m: 0 },
            // At the window's bottom edge with the dots: above the install banner while it shows.
            transform: aboveInstallBanner,
            transition: 'transform 200ms',
          }}
        />
      )}
    </Box>
  );
}

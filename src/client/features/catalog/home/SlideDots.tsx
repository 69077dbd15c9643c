import Box from '@mui/material/Box';
import { aboveInstallBanner } from '../../../lib/bottomRoom';

type Props = { count: number; index: number; onSelect: (index: number) => void; raised: boolean };

/**
 * The carousel's dot indicators. Each dot is drawn small but is a 24 × 24 px button (WCAG 2.5.8
 * target size), and the row sits on a dark pill so the dots read over any slide (WCAG 1.4.11). The
 * hero fills the first screen, so the row sits just above the window's bottom edge: it moves up
 * while the install banner shows there.
 */
export function SlideDots({ count, index, onSelect, raised }: Props) {
  return (
    <Box
      sx={{
        position: 'absolute',
        bottom: raised ? 72 : 20,
        left: '50%',
        transform: `translateX(-50%) ${aboveInstallBanner}`,
        transition: 'transform 200ms',
        zIndex: 2,
        display: 'flex',
        gap: 0.5,
        px: 1,
        borderRadius: 999,
        bgcolor: 'rgba(5,4,10,0.7)',
      }}
    >
      {Array.from({ length: count }, (_, i) => (
        <Box
          key={i}
          component="button"
          type="button"
          aria-label={`Go to slide ${i + 1}`}
          aria-current={i === index || undefined}
          onClick={() => onSelect(i)}
          sx={{
            minWidth: 24,
            height: 24,
            p: 0,
            border: 0,
            bgcolor: 'transparent',
            cursor: 'pointer',
            display: 'grid',
            placeItems: 'center',
            borderRadius: 999,
            '&::after': {
              content: '""',
              display: 'block',
              width: i === index ? 28 : 10,
              height: 10,
              borderRadius: 5,
              transition: 'width 300ms',
              bgcolor: i === index ? 'primary.main' : 'rgba(255,255,255,0.7)',
            },
          }}
        />
      ))}
    </Box>
  );
}

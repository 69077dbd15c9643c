import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SHOP_MESSAGES } from '../lib/shopMessages';
import { srOnly } from './srOnly';

/** '1.2K' for 1,234 watching: a count that fits a card at 390 px (English: issue 46 brings the locale). */
const compactCount = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * 'Live now' and about how many watch: on an event card's poster, beside an event's title, on the
 * player. A red dot marks it beside the words (never colour alone), white on a dark red that passes
 * contrast on any poster. `compact`: on a phone's narrow bar the words 'Live now' are for screen
 * readers only (the count and the dot stay), so the title beside it keeps its room.
 */
export function LiveNowBadge({
  watching,
  size = 'small',
  compact = false,
}: {
  watching: number;
  size?: 'small' | 'medium';
  compact?: boolean;
}) {
  return (
    <Box
      data-testid="live-now"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: size === 'small' ? 0.25 : 0.5,
        borderRadius: 1,
        bgcolor: '#b3001b',
        color: 'common.white',
        maxWidth: '100%',
      }}
    >
      <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'common.white', flex: 'none' }} />
      <Typography
        component="span"
        variant="body2"
        sx={(theme) => ({
          fontWeight: 700,
          whiteSpace: 'nowrap',
          ...(compact ? { [theme.breakpoints.down('sm')]: srOnly } : {}),
        })}
      >
        {SHOP_MESSAGES.liveNow}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {SHOP_MESSAGES.watching(compactCount.format(watching))}
      </Typography>
    </Box>
  );
}

import Typography from '@mui/material/Typography';
import { formatVisitorDateTime } from '../../../../shared/format';
import { useHydrated } from '../../../components/afterFirstScreen';

/**
 * 'Your time: Nov 25, 2026, 2:00 AM GMT+1', under the New York time, for a visitor whose own clock reads
 * differently. Only the browser knows its zone, so it appears after the page has hydrated.
 */
export function VisitorTime({ airStartDate }: { airStartDate: string | null }) {
  const hydrated = useHydrated();
  const own = hydrated ? formatVisitorDateTime(airStartDate) : null;
  if (!own) return null;
  return (
    <Typography color="text.secondary" data-testid="visitor-time" sx={{ mt: 0.5 }}>
      {`Your time: ${own}`}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SalesTotals } from '../../../shared/contract/studioSales';
import { formatDollars } from '../components/studioFormat';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';
import { SALES_LABELS } from './salesLabels';

/** The headline figures, as a description list (term, then its value), one card each. */
export function SalesFigures({ totals }: { totals: SalesTotals }) {
  const figures = [
    ['Tickets sold', String(totals.sold)],
    ['Revenue', formatDollars(totals.revenue)],
    ['Refunds', `${totals.refunds.count} · ${formatDollars(totals.refunds.amount)}`],
    [SALES_LABELS.couponUses, String(totals.couponUses)],
    [SALES_LABELS.capacityLeft, totals.capacityLeft === null ? STUDIO_MESSAGES.noLimit : String(totals.capacityLeft)],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, m: 0 }}
    >
      {figures.map(([term, value]) => (
        <Paper key={term} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 800 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

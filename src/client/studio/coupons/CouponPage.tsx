import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CouponUse, StudioCouponDetail } from '../../../shared/contract/studioCoupons';
import { messageFor } from '../../api/serverError';
import { AreaLoading } from '../components/AreaLoading';
import { ScrollingTable } from '../components/ScrollingTable';
import { StudioHead } from '../components/StudioHead';
import { formatDollars, formatInstant } from '../components/studioFormat';
import { studioPaths } from '../studioPaths';
import { discountLabel, eventsLabel, instantOr, perBuyerLabel, STATUS_LABEL, usesLabel } from './couponTerms';
import { DisableCouponButton } from './DisableCouponButton';
import { useGetStudioCouponQuery } from './studioCouponsApi';
import { FactList } from '../components/FactList';
import { COUPON_LABELS } from './couponLabels';

/** One coupon (/studio/coupons/:code): its terms, the orders that used it, and Disable. */
export default function CouponPage() {
  const { code = '' } = useParams();
  const coupon = useGetStudioCouponQuery(code);
  return (
    <>
      <Button component={RouterLink} to={studioPaths.coupons} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        {COUPON_LABELS.allCoupons}
      </Button>
      {coupon.data ? (
        <CouponDetail coupon={coupon.data} />
      ) : coupon.error ? (
        <Typography role="alert" sx={{ mt: 4 }}>
          {messageFor(coupon.error)}
        </Typography>
      ) : (
        <AreaLoading label="Loading the coupon" />
      )}
    </>
  );
}

function CouponDetail({ coupon }: { coupon: StudioCouponDetail }) {
  const terms: (readonly [string, string])[] = [
    ['Discount', discountLabel(coupon)],
    ['Events', eventsLabel(coupon)],
    [COUPON_LABELS.usesTotal, usesLabel(coupon)],
    [COUPON_LABELS.usesPerBuyer, perBuyerLabel(coupon)],
    ['Starts', instantOr(coupon.startsAt, 'At once')],
    ['Expires', instantOr(coupon.expiresAt, 'Never')],
    ...(coupon.disabledAt ? [['Disabled', formatInstant(coupon.disabledAt)] as const] : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 1 }}>
      <StudioHead title={`Coupon ${coupon.code}`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Coupon {coupon.code}
        </Typography>
        <Chip label={STATUS_LABEL[coupon.status]} variant="outlined" data-testid="coupon-status" />
        <Box sx={{ flex: 1 }} />
        <DisableCouponButton coupon={coupon} />
      </Box>
      <Paper component="section" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Terms
        </Typography>
        <FactList facts={terms} />
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Uses
        </Typography>
        {coupon.orders.length === 0 ? (
          <Typography>No order has used it yet.</Typography>
        ) : (
          <ScrollingTable label="Uses">
            <Table size="small" aria-label="Uses">
              <TableHead>
                <TableRow>
                  <TableCell>Order</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Used</TableCell>
                  <TableCell align="right">Paid</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {coupon.orders.map((o: CouponUse) => (
                  <TableRow key={o.id}>
                    <TableCell>
                      <Link component={RouterLink} to={studioPaths.order(o.id)}>
                        {o.orderId}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.email}</TableCell>
                    <TableCell>{formatInstant(o.at)}</TableCell>
                    <TableCell align="right">{formatDollars(o.amount)}</TableCell>
                    <TableCell>{o.status}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollingTable>
        )}
      </Paper>
    </Box>
  );
}

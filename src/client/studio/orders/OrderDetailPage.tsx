import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StudioOrderDetail } from '../../../shared/contract/studioSales';
import { messageFor } from '../../api/serverError';
import { paymentMethodLabel } from '../../components/paymentMethodLabel';
import { AuditTable } from '../audit/AuditTable';
import { AreaLoading } from '../components/AreaLoading';
import { ScrollingTable } from '../components/ScrollingTable';
import { StudioHead } from '../components/StudioHead';
import { formatDollars, formatInstant } from '../components/studioFormat';
import { studioPaths } from '../studioPaths';
import { ORDER_HISTORY_LABEL, PAYMENT_STATE_LABEL } from './orderLabels';
import { RefundButton } from './RefundButton';
import { useGetStudioOrderQuery } from './studioOrdersApi';
import { FactList } from '../components/FactList';
import { SUMMARY_LABELS } from '../../lib/summaryMessages';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

/** One order: its lines and amounts, coupon, payment and its state, the refund, and its audit entries. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useGetStudioOrderQuery(orderId);
  return (
    <>
      <Button component={RouterLink} to={studioPaths.orders} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        All orders
      </Button>
      {order.data ? (
        <OrderDetail order={order.data} />
      ) : order.error ? (
        <Typography role="alert" sx={{ mt: 4 }}>
          {messageFor(order.error)}
        </Typography>
      ) : (
        <AreaLoading label="Loading the order" />
      )}
    </>
  );
}

function OrderDetail({ order }: { order: StudioOrderDetail }) {
  const refund = order.payment.refund;
  const facts: (readonly [string, string])[] = [
    ['Buyer', `${order.buyer.name} · ${order.buyer.email}`],
    ['Placed', formatInstant(order.created)],
    ['Amount paid', formatDollars(order.amount)],
    ['Coupon', order.coupon ?? 'None'],
    ['Payment method', paymentMethodLabel(order.paymentMethod)],
    ['Payment', PAYMENT_STATE_LABEL[order.payment.state]],
    ...(order.paymentIntentId ? [['Payment intent', order.paymentIntentId] as const] : []),
    ...(refund
      ? [
          [
            'Refund',
            `${formatDollars(refund.amount)} asked ${formatInstant(refund.requestedAt)} by ` +
              (refund.requestedBy ?? 'a former organizer'),
          ] as const,
          ['Refund done', refund.completedAt ? formatInstant(refund.completedAt) : STUDIO_MESSAGES.notYet] as const,
        ]
      : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 1 }}>
      <StudioHead title={`Order ${order.orderId}`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Order {order.orderId}
        </Typography>
        <Chip label={order.status} variant="outlined" data-testid="order-status" />
        <Box sx={{ flex: 1 }} />
        <RefundButton order={order} />
      </Box>
      {refund?.lastError && order.payment.state === 'refund_pending' && (
        <Alert severity="warning">{refund.lastError}</Alert>
      )}
      <Paper component="section" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Payment
        </Typography>
        <FactList facts={facts} />
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Lines
        </Typography>
        <ScrollingTable label="Lines">
          <Table size="small" aria-label="Lines">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell align="right">{SUMMARY_LABELS.listPrice}</TableCell>
                <TableCell align="right">Paid</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((l) => (
                <TableRow key={l.eventId}>
                  <TableCell>{l.title}</TableCell>
                  <TableCell align="right">{l.listPrice === null ? '—' : formatDollars(l.listPrice)}</TableCell>
                  <TableCell align="right">{formatDollars(l.paid)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          History
        </Typography>
        {order.audit.length === 0 ? (
          <Typography>No organizer action on this order yet.</Typography>
        ) : (
          <ScrollingTable label={ORDER_HISTORY_LABEL}>
            <AuditTable entries={order.audit} caption={ORDER_HISTORY_LABEL} />
          </ScrollingTable>
        )}
      </Paper>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useRequireSignIn } from '../../lib/useRequireSignIn';
import { AgreementLinks } from '../../components/AgreementLinks';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { formatLongUsDate } from '../../../shared/format';
import { OrderItems, OrderTotals } from '../../components/OrderLines';
import { paymentMethodLabel } from '../../components/paymentMethodLabel';
import { useGetCartByIdQuery } from '../cart/cartApi';
import { OrderManagePanel } from './OrderManagePanel';
import { visitorPageSx } from '../../components/visitorPageSx';
import { PageHead } from '../../components/PageHead';
import { OrderLinks } from './OrderLinks';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { SUMMARY_LABELS } from '../../lib/summaryMessages';
import { ORDER_COPY } from './orderCopy';

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle(ORDER_COPY.title), noindex: true };

/**
 * docs/behaviour.md §2 "Order details": login required; the order as bought, terms and privacy links, and
 * what the fan may still change: cancel the order, hand a ticket on (OrderManagePanel).
 */
export default function OrderDetailsPage() {
  const userId = useRequireSignIn();
  const { id = '' } = useParams();
  return (
    <Container maxWidth="lg" sx={visitorPageSx}>
      <PageHead {...head} />
      <Typography
        component="h1"
        variant="h3"
        sx={{ fontWeight: 800, mb: { xs: 2, md: 4 }, fontSize: { xs: '2rem', md: '2.8rem' } }}
      >
        {ORDER_COPY.title}
      </Typography>
      {userId !== null && <Order cartId={Number(id)} />}
    </Container>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** docs/behaviour.md §7: the page reads its cart by id (GET /cart/{id}); an ordered cart carries its order. */
function Order({ cartId }: { cartId: number }) {
  const valid = Number.isInteger(cartId) && cartId > 0;
  const { data: cart, error, isLoading } = useGetCartByIdQuery(cartId, { skip: !valid });
  if (!valid || error || (cart && !cart.order)) return <Typography>{ORDER_MESSAGES.orderNotFound}</Typography>;
  if (isLoading || !cart?.order) return <Skeleton variant="rectangular" height={200} aria-label="Loading order" />;
  const { order } = cart;
  return (
    <Grid container spacing={{ xs: 3, md: 5 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <OrderItems items={cart.items} label="Events in this order" />
        <OrderManagePanel cartId={cartId} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="order-summary-title"
          sx={{ p: { xs: 2.5, sm: 3 } }}
        >
          <Typography id="order-summary-title" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 1 }}>
            Summary
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Fact label={SUMMARY_LABELS.orderId}>{order.orderId}</Fact>
            {/* As order history says it: the usage type (Paid, Transfer) while Active, else Cancelled or Refunded. */}
            <Fact label="Status">{order.status === 'Active' ? order.usageType : order.status}</Fact>
            <Fact label="Method">{paymentMethodLabel(order.paymentMethod)}</Fact>
            <Fact label={SUMMARY_LABELS.purchasedOn}>{formatLongUsDate(order.created)}</Fact>
          </Box>
          <OrderTotals totals={cart.totals} />
          <OrderLinks cartId={cartId} cart={cart} />
          <AgreementLinks />
        </Paper>
      </Grid>
    </Grid>
  );
}

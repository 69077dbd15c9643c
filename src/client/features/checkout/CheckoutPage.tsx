import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useRequireSignIn } from '../../lib/useRequireSignIn';
import { OrderItems, OrderTotals } from '../../components/OrderLines';
import { useGetCartQuery } from '../cart/cartApi';
import { CHECKOUT_COPY } from './checkoutCopy';
import { PaymentSection } from './PaymentSection';
import { visitorPageSx } from '../../components/visitorPageSx';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

/** The sandbox card form's height on a phone (card number, expiry and CVC, the pay button). */
const PAYMENT_AREA_MIN_HEIGHT = 218;

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle('Checkout'), noindex: true };

/** docs/behaviour.md §2 "Checkout": login required; the card form once a payment has started, and the order summary. */
export default function CheckoutPage() {
  const userId = useRequireSignIn('cart');
  return (
    <Container maxWidth="lg" sx={visitorPageSx}>
      <PageHead {...head} />
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.8rem' } }}>
        {CHECKOUT_COPY.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: { xs: 3, md: 4 } }}>
        {CHECKOUT_COPY.intro}
      </Typography>
      {userId !== null && <Checkout userId={userId} />}
    </Container>
  );
}

function Checkout({ userId }: { userId: number }) {
  const { data: cart } = useGetCartQuery({ user_id: userId });
  return (
    <Grid container spacing={{ xs: 3, md: 5 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper variant="outlined" component="section" aria-labelledby="payment-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="payment-title" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 2 }}>
            Payment
          </Typography>
          {/* The card form's height from the start: the order summary below it does not jump when the form arrives. */}
          <Box sx={{ minHeight: PAYMENT_AREA_MIN_HEIGHT }}>
            {cart ? (
              <PaymentSection cart={cart} userId={userId} />
            ) : (
              <Typography role="status">{CHECKOUT_COPY.preparing}</Typography>
            )}
          </Box>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="order-summary-title"
          sx={{ p: { xs: 2.5, sm: 3 } }}
        >
          <Typography id="order-summary-title" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 1 }}>
            Order Summary
          </Typography>
          {!cart ? (
            <Skeleton variant="rectangular" height={120} />
          ) : cart.items.length === 0 ? (
            <Box>
              <Typography>{SHOP_MESSAGES.cartEmpty}</Typography>
              <Link component={RouterLink} to={paths.cart}>
                {CHECKOUT_COPY.backToCart}
              </Link>
            </Box>
          ) : (
            <>
              <OrderItems items={cart.items} label="Events in your order" />
              <OrderTotals totals={cart.totals} />
            </>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}

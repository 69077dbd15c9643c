import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { toast } from '../../lib/toast';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import type { CartItem, CartTarget } from '../../../shared/contract/cart';
import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { refusedGuestCartToken, useGetCartQuery, useRemoveFromCartMutation } from './cartApi';
import { CART_COPY } from './cartCopy';
import { cartLoadFailed } from './cartEvents';
import { CartItemRow } from './CartItemRow';
import { selectCartTarget } from './cartSelectors';
import { CartSummary } from './CartSummary';
import { visitorPageSx } from '../../components/visitorPageSx';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const TITLE = 'Your Cart';

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle(TITLE), noindex: true };

/** docs/behaviour.md §2 "Cart": 'Your Cart', its lines and summary, or 'Your cart is empty' with Browse Events. */
export default function CartPage() {
  const target = useAppSelector(selectCartTarget);
  const { data: cart, error } = useGetCartQuery(target);
  const [removeFromCart] = useRemoveFromCartMutation();
  const dispatch = useAppDispatch();
  // docs/behaviour.md §8: once loading failed, the page shows nothing more on this visit, even if a later
  // answer (for instance for a new key after a refused guest token) would succeed.
  const [failure, setFailure] = useState<{ error: unknown; target: CartTarget } | null>(null);
  if (error && !failure) setFailure({ error, target });
  useEffect(() => {
    if (!failure) return;
    toast.error(CART_COPY.loadFailed);
    dispatch(cartLoadFailed({ guestCartTokenRefused: refusedGuestCartToken(failure.error, failure.target) }));
  }, [failure, dispatch]);

  // The line leaves the list at once (optimistic, in cartApi); the toast tells how the server answered.
  const remove = (item: CartItem) => {
    removeFromCart({ asset_id: item.assetId, ...target })
      .unwrap()
      .then(
        () => toast.success(CART_MESSAGES.removed),
        () => toast.error(CART_COPY.removeFailed),
      );
  };

  return (
    <Container maxWidth="lg" sx={visitorPageSx}>
      <PageHead {...head} />
      <Typography
        component="h1"
        variant="h3"
        sx={{ fontWeight: 800, mb: { xs: 2, md: 4 }, fontSize: { xs: '2rem', md: '2.8rem' } }}
      >
        {TITLE}
      </Typography>
      {failure ? null : !cart ? (
        <CartSkeleton />
      ) : cart.items.length === 0 ? (
        <Box sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 3 }}>
            {SHOP_MESSAGES.cartEmpty}
          </Typography>
          <Button component={RouterLink} to={paths.events} variant="default" size="lg">
            {SHOP_MESSAGES.browseEvents}
          </Button>
        </Box>
      ) : (
        <Grid container spacing={{ xs: 3, md: 5 }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Box
              component="ul"
              aria-label="Events in your cart"
              sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
            >
              {cart.items.map((item) => (
                <CartItemRow key={item.assetId} item={item} onRemove={remove} />
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CartSummary cart={cart} />
          </Grid>
        </Grid>
      )}
    </Container>
  );
}

function CartSkeleton() {
  return (
    <Box role="progressbar" aria-busy="true" aria-label="Loading cart">
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rectangular" height={110} sx={{ mb: 2, borderRadius: 1 }} />
      ))}
    </Box>
  );
}

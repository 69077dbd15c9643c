import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { useAddToCartMutation, useGetCartQuery, useRemoveFromCartMutation } from '../../cart/cartApi';
import { selectCartTarget } from '../../cart/cartSelectors';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

/**
 * docs/behaviour.md §4 "The event page's cart button": 'Add to cart' or 'Remove from cart' from whether the server
 * cart holds the event, 'Processing...' while a call is out; an add goes on to /cart. Disabled when
 * the event has no price (§5). Failures are for the console only (§8 'Cart error'). A sold-out
 * event (§9) offers a disabled 'Sold Out' instead of 'Add to cart'; one already in the cart can
 * still be removed.
 */
export function CartButton({ event, soldOut = false }: { event: AssetDetail; soldOut?: boolean }) {
  const noPrice = !event.rate;
  const target = useAppSelector(selectCartTarget);
  // Until the cart has loaded the button offers 'Add to cart': adding is idempotent on the server.
  const { inCart, error } = useGetCartQuery(target, {
    skip: noPrice,
    selectFromResult: ({ data, error }) => ({
      inCart: data?.items.some((item) => item.assetId === event.id) ?? false,
      error,
    }),
  });
  const [add, adding] = useAddToCartMutation();
  const [remove, removing] = useRemoveFromCartMutation();
  const navigate = useNavigate();
  useEffect(() => {
    if (error) console.error('Failed to fetch cart items', error);
  }, [error]);

  const busy = adding.isLoading || removing.isLoading;
  const onClick = async () => {
    const body = { asset_id: event.id, ...target };
    try {
      if (inCart) {
        await remove(body).unwrap();
      } else {
        await add(body).unwrap();
        void navigate(paths.cart);
      }
    } catch (err) {
      console.error('Cart error', err);
    }
  };

  if (soldOut && !inCart && !busy) {
    return (
      <Button fullWidth size="lg" variant="outline" disabled>
        Sold Out
      </Button>
    );
  }
  return (
    <Button
      fullWidth
      size="lg"
      variant={inCart && !busy ? 'destructive' : 'default'}
      disabled={noPrice || busy}
      onClick={onClick}
    >
      {busy ? SHOP_MESSAGES.processing : inCart ? 'Remove from cart' : 'Add to cart'}
    </Button>
  );
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../lib/paths';
import type { CartItem, CartTotals } from '../../shared/contract/cart';
import { formatEventDateTime, INVALID_DATE } from '../../shared/format';
import { formatPrice } from '../../shared/money';
import { PosterImage } from './PosterImage';

/**
 * Read-only lines and totals, shared by the checkout's summary and the order page (docs/behaviour.md §2 "Checkout",
 * "Order details"): the cart's look without its buttons. Which price a line shows differs between
 * the two screens (docs/behaviour.md §3), so the caller says.
 */
export function OrderItems({
  items,
  price,
  label,
}: {
  items: CartItem[];
  price: (item: CartItem) => number;
  label: string;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const airs = formatEventDateTime(item.meta.air_start_date);
        return (
          <Box
            component="li"
            key={item.assetId}
            data-testid="order-item"
            sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {/* The title beside it names the event: the poster is decoration for a screen reader. */}
            <Box sx={{ width: { xs: 72, sm: 96 }, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
              <PosterImage src={item.meta.vodOrLivePosterImageFilePath} alt="" />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={paths.event(item.assetId)} color="inherit" underline="hover">
                  {item.meta.label}
                </Link>
              </Typography>
              {item.meta.second_description && (
                <Typography variant="body2" color="text.secondary">
                  {item.meta.second_description}
                </Typography>
              )}
              {airs !== INVALID_DATE && (
                <Typography variant="body2" color="text.secondary">
                  {airs}
                </Typography>
              )}
            </Box>
            <Typography data-testid="order-item-price" sx={{ fontWeight: 700 }}>
              {formatPrice(price(item))}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    // A <div> around each dt/dd pair is what a <dl> allows.
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        ...(strong && { mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }),
      }}
    >
      <Typography
        component="dt"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 800 : 400 }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 800 : 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Subtotal, Item Discount and Coupon only when above 0, Total: as the cart's summary (docs/behaviour.md §2 "Cart"). */
export function OrderTotals({ totals }: { totals: CartTotals }) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 1 }}>
      <Row label="Subtotal">{formatPrice(totals.itemsSubtotal)}</Row>
      {totals.itemDiscount > 0 && <Row label="Item Discount">{`-${formatPrice(totals.itemDiscount)}`}</Row>}
      {totals.couponDiscount > 0 && <Row label="Coupon">{`-${formatPrice(totals.couponDiscount)}`}</Row>}
      <Row label="Total" strong>
        {formatPrice(totals.grandTotal)}
      </Row>
    </Box>
  );
}

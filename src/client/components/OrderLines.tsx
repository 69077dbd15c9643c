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
import { srOnly } from './srOnly';
import { SUMMARY_LABELS } from '../lib/summaryMessages';

/**
 * What a line costs. Its list price is finalPrice, else unitPrice; what is paid for it is
 * finalPriceEffective (its share of the total after the coupon), else the list price (docs/behaviour.md
 * §3). A discounted line shows both, the list price struck through above what is paid: shown alone,
 * the paid price above the Subtotal (of list prices) and the Coupon row read as a second discount.
 */
function LinePrice({ item }: { item: CartItem }) {
  const list = item.finalPrice ?? item.unitPrice;
  const paid = item.finalPriceEffective ?? list;
  const discounted = paid < list;
  return (
    <Box data-testid="order-item-price" sx={{ textAlign: 'right', flexShrink: 0 }}>
      {discounted && (
        <Typography
          component="s"
          variant="body2"
          color="text.secondary"
          data-testid="order-item-list-price"
          sx={{ display: 'block' }}
        >
          <Box component="span" sx={srOnly}>
            {SUMMARY_LABELS.listPrice}{' '}
          </Box>
          {formatPrice(list)}
        </Typography>
      )}
      <Typography data-testid="order-item-paid-price" sx={{ fontWeight: 700 }}>
        {discounted && (
          <Box component="span" sx={srOnly}>
            After discount{' '}
          </Box>
        )}
        {formatPrice(paid)}
      </Typography>
    </Box>
  );
}

/**
 * Read-only lines and totals, shared by the checkout's summary and the order page (docs/behaviour.md §2 "Checkout",
 * "Order details"): the cart's look without its buttons, each line with its LinePrice.
 */
export function OrderItems({ items, label }: { items: CartItem[]; label: string }) {
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
            <LinePrice item={item} />
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
      <Row label={SUMMARY_LABELS.subtotal}>{formatPrice(totals.itemsSubtotal)}</Row>
      {totals.itemDiscount > 0 && (
        <Row label={SUMMARY_LABELS.itemDiscount}>{`-${formatPrice(totals.itemDiscount)}`}</Row>
      )}
      {totals.couponDiscount > 0 && <Row label={SUMMARY_LABELS.coupon}>{`-${formatPrice(totals.couponDiscount)}`}</Row>}
      <Row label={SUMMARY_LABELS.total} strong>
        {formatPrice(totals.grandTotal)}
      </Row>
    </Box>
  );
}

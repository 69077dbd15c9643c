import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { AgreementLinks } from '../../components/AgreementLinks';
import type { Cart } from '../../../shared/contract/cart';
import { formatPrice } from '../../../shared/money';
import { PromoCode } from './PromoCode';
import { useVoucherPurchase } from './useVoucherPurchase';
import { SHOP_MESSAGES } from '../../lib/shopMessages';
import { SUMMARY_LABELS } from '../../lib/summaryMessages';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    // A <div> around each dt/dd pair is what a <dl> allows; the Total's rule is its border, not an <hr>.
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.75,
        ...(strong && { mt: 1, pt: 1.5, borderTop: 1, borderColor: 'divider' }),
      }}
    >
      <Typography
        component="dt"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 800 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: strong ? 800 : 600, fontSize: strong ? '1.25rem' : undefined }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * docs/behaviour.md §2 "Cart" summary: Subtotal, Item Discount and Coupon only when above 0, Total; the checkout
 * button; the promo code link; terms and privacy. A 100 % coupon turns the button into a green
 * 'Purchase Tickets', which buys the cart with its voucher at once (useVoucherPurchase).
 */
export function CartSummary({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const { totals } = cart;
  const paidByCoupon = totals.grandTotal === 0 && totals.couponDiscount > 0;
  const voucher = useVoucherPurchase(cart);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="cart-summary-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="cart-summary-title" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 1 }}>
        Summary
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={SUMMARY_LABELS.subtotal}>{formatPrice(totals.itemsSubtotal)}</Row>
        {totals.itemDiscount > 0 && (
          <Row label={SUMMARY_LABELS.itemDiscount}>{`-${formatPrice(totals.itemDiscount)}`}</Row>
        )}
        {totals.couponDiscount > 0 && (
          <Row label={SUMMARY_LABELS.coupon}>{`-${formatPrice(totals.couponDiscount)}`}</Row>
        )}
        <Row label={SUMMARY_LABELS.total} strong>
          {formatPrice(totals.grandTotal)}
        </Row>
      </Box>
      {paidByCoupon ? (
        // Keyed apart: two different buttons, not one that fades from magenta to green.
        <Button
          key="purchase"
          fullWidth
          size="lg"
          variant="default"
          color="success"
          sx={{ mt: 2 }}
          disabled={voucher.busy}
          onClick={() => void voucher.purchase()}
        >
          {voucher.busy ? SHOP_MESSAGES.processing : 'Purchase Tickets'}
        </Button>
      ) : (
        <Button
          key="checkout"
          fullWidth
          size="lg"
          variant="default"
          sx={{ mt: 2 }}
          disabled={!(totals.grandTotal > 0)}
          onClick={() => navigate(paths.checkout)}
        >
          Proceed to Checkout
        </Button>
      )}
      <PromoCode coupon={cart.coupon} />
      <AgreementLinks />
    </Paper>
  );
}

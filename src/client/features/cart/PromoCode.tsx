import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { toast } from '../../lib/toast';
import { useState } from 'react';
import { useAppSelector } from '../../lib/hooks';
import type { AppliedCoupon } from '../../../shared/contract/cart';
import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { messageFor } from '../../api/serverError';
import { useRemoveVoucherMutation } from './cartApi';
import { selectCartTarget } from './cartSelectors';
import { PromoCodeDialog } from './PromoCodeDialog';

/**
 * 'Have a promo code? Apply it now' opens the promo dialog; with a coupon on the cart the same
 * link reads 'Remove coupon' and removes it. One element for both, so keyboard focus, which the
 * dialog hands back to it on closing, stays in place when its text changes.
 */
export function PromoCode({ coupon }: { coupon: AppliedCoupon | null }) {
  const [open, setOpen] = useState(false);
  const target = useAppSelector(selectCartTarget);
  const [removeVoucher, removing] = useRemoveVoucherMutation();

  const removeCoupon = async () => {
    if (removing.isLoading) return;
    try {
      await removeVoucher(target).unwrap();
      toast.success(CART_MESSAGES.couponRemoved);
    } catch (err) {
      toast.error(messageFor(err));
    }
  };

  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      {/* Never disabled while the coupon is being removed: a disabled button drops keyboard focus to the page. */}
      <Link
        component="button"
        type="button"
        variant="body1"
        aria-busy={removing.isLoading}
        onClick={coupon ? removeCoupon : () => setOpen(true)}
        sx={{ fontWeight: 600 }}
      >
        {coupon ? 'Remove coupon' : 'Have a promo code? Apply it now'}
      </Link>
      <PromoCodeDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

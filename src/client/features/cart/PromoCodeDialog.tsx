import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '../../lib/toast';
import { useState, type FormEvent } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { errorStatus, messageFor } from '../../api/serverError';
import { useApplyVoucherMutation } from './cartApi';
import { selectCartTarget } from './cartSelectors';
import { TextInput } from '../../components/TextInput';

/**
 * 'Do you have a promo code?': Enter or Apply applies the code, Cancel or Escape closes (docs/behaviour.md §2 "Cart",
 * §8).
 */
export function PromoCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [code, setCode] = useState('');
  const target = useAppSelector(selectCartTarget);
  const [applyVoucher, applying] = useApplyVoucherMutation();

  const close = () => {
    setCode('');
    onClose();
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const couponCode = code.trim();
    if (!couponCode) {
      toast.error(CART_MESSAGES.promoCodeEmpty);
      return;
    }
    try {
      await applyVoucher({ coupon_code: couponCode, ...target }).unwrap();
      toast.success(CART_MESSAGES.couponApplied);
      close();
    } catch (err) {
      // Every 400 of this call is about the code (unknown, expired, used up, or not even well formed).
      const message = errorStatus(err) === 400 ? CART_MESSAGES.invalidCoupon : messageFor(err);
      toast.error(message);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="promo-title" fullWidth maxWidth="xs">
      <form onSubmit={apply} noValidate>
        <DialogTitle id="promo-title">Do you have a promo code?</DialogTitle>
        <DialogContent>
          <TextInput
            autoFocus
            fullWidth
            margin="dense"
            label="Enter code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            htmlInput={{ maxLength: 64, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="default" disabled={applying.isLoading}>
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

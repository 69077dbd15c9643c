import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { STUDIO_COUPON_MESSAGES, type StudioCoupon } from '../../../shared/contract/studioCoupons';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useDisableStudioCouponMutation } from './studioCouponsApi';

/**
 * 'Disable', behind a question. One call per confirmation however fast the clicks come: the button
 * is disabled while it runs and a ref stops a click that lands before React re-renders.
 */
export function DisableCouponButton({ coupon }: { coupon: StudioCoupon }) {
  const [disable, disabling] = useDisableStudioCouponMutation();
  const [asking, setAsking] = useState(false);
  const running = useRef(false);
  if (coupon.status === 'disabled') return null;

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    try {
      await disable(coupon.code).unwrap();
      toast.success(STUDIO_COUPON_MESSAGES.disabled);
    } catch (err) {
      toast.error(messageFor(err));
    } finally {
      running.current = false;
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="destructive" disabled={disabling.isLoading} onClick={() => setAsking(true)}>
        Disable
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Disable ${coupon.code}?`}
        message="Buyers can no longer use it. Orders already made keep their discount. This cannot be undone."
        confirmLabel="Disable"
        destructive
        busy={disabling.isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

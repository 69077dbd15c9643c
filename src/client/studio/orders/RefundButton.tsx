import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import type { StudioOrderDetail } from '../../../shared/contract/studioSales';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatDollars } from '../components/studioFormat';
import { useRefundStudioOrderMutation } from './studioOrdersApi';

/**
 * 'Refund', behind a question that says what happens. One call per confirmation however fast the
 * clicks come: the button is disabled while it runs, and a ref stops a second click that lands
 * before React has re-rendered. The server refunds exactly once anyway (the refund race test).
 */
export function RefundButton({ order }: { order: StudioOrderDetail }) {
  const [refund, refunding] = useRefundStudioOrderMutation();
  const [asking, setAsking] = useState(false);
  const running = useRef(false);
  const state = order.payment.state;
  if (state === 'refunded') return null;

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    try {
      await refund(order.id).unwrap();
      toast.success(`Refunded ${formatDollars(order.amount)} to ${order.buyer.email}.`);
    } catch (err) {
      toast.error(messageFor(err));
    } finally {
      running.current = false;
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="destructive" disabled={refunding.isLoading} onClick={() => setAsking(true)}>
        {state === 'refund_pending' ? 'Retry refund' : 'Refund'}
      </Button>
      <ConfirmDialog
        open={asking}
        title="Refund this order?"
        message={`Refund ${formatDollars(order.amount)} to ${order.buyer.email}? Access ends at once.`}
        confirmLabel="Refund"
        destructive
        busy={refunding.isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

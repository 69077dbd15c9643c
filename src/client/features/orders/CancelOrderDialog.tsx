import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ORDER_MANAGE_MESSAGES } from '../../../shared/contract/orderManage';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { useCancelOrderMutation } from './orderManageApi';
import { ORDER_COPY } from './orderCopy';

/**
 * 'Cancel this order?': the whole order, refunded in full. Keep order (or Escape) closes; Cancel
 * order asks the server, which decides against the cutoff as it stands (the page may be old).
 */
export function CancelOrderDialog({ cartId, open, onClose }: { cartId: number; open: boolean; onClose: () => void }) {
  const [cancelOrder, cancelling] = useCancelOrderMutation();

  const confirm = async () => {
    try {
      await cancelOrder(cartId).unwrap();
      toast.success(ORDER_MANAGE_MESSAGES.cancelled);
      onClose();
    } catch (err) {
      toast.error(messageFor(err));
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-order-title" aria-describedby="cancel-order-text">
      <DialogTitle id="cancel-order-title">Cancel this order?</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-order-text">
          Every ticket of this order stops working at once, and the full amount goes back to how you paid.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outline" onClick={onClose} autoFocus>
          Keep order
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={cancelling.isLoading}>
          {ORDER_COPY.cancelOrder}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

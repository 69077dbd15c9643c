import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OrderManage, TicketState } from '../../../shared/contract/orderManage';
import { formatEventDateTime } from '../../../shared/format';
import { CancelOrderDialog } from './CancelOrderDialog';
import { useGetOrderManageQuery } from './orderManageApi';
import { TransferTicketDialog } from './TransferTicketDialog';
import { ORDER_COPY } from './orderCopy';

/** Until when the order may be cancelled, in words: a live show's cutoff in New York time, else the first play. */
const cancelSentence = (until: string | null) =>
  until
    ? `You can cancel this order for a full refund until ${formatEventDateTime(until)}.`
    : 'You can cancel this order for a full refund until you first play it.';

/**
 * The order page's 'Manage' section (docs/decisions.md "After the purchase"): cancel the whole order
 * while its cutoff allows (else the sentence why not), and hand each ticket on to another e-mail
 * address before the show (else why not, or to whom it went). What it offers is the server's word.
 */
export function OrderManagePanel({ cartId }: { cartId: number }) {
  const { data, isLoading, isError } = useGetOrderManageQuery(cartId, { refetchOnMountOrArgChange: true });
  const [cancelling, setCancelling] = useState(false);
  const [ticket, setTicket] = useState<TicketState | null>(null);
  const [transferring, setTransferring] = useState(false);
  if (isError) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="order-manage-title"
      sx={{ p: { xs: 2.5, sm: 3 }, mt: { xs: 3, md: 4 } }}
    >
      <Typography id="order-manage-title" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 1 }}>
        Manage
      </Typography>
      {isLoading || !data ? (
        <Skeleton variant="rectangular" height={80} aria-label="Loading what you can change" />
      ) : (
        <>
          <CancelPart manage={data} onCancel={() => setCancelling(true)} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
            Tickets
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Tickets of this order">
            {data.tickets.map((t) => (
              <TicketRow
                key={t.eventId}
                ticket={t}
                onTransfer={() => {
                  setTicket(t);
                  setTransferring(true);
                }}
              />
            ))}
          </Box>
        </>
      )}
      <CancelOrderDialog cartId={cartId} open={cancelling} onClose={() => setCancelling(false)} />
      <TransferTicketDialog
        cartId={cartId}
        ticket={ticket}
        open={transferring}
        onClose={() => setTransferring(false)}
      />
    </Paper>
  );
}

function CancelPart({ manage, onCancel }: { manage: OrderManage; onCancel: () => void }) {
  if (!manage.cancel.allowed) return <Typography color="text.secondary">{manage.cancel.reason}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Typography sx={{ flex: '1 1 16rem' }}>{cancelSentence(manage.cancel.until)}</Typography>
      <Button variant="outline" onClick={onCancel}>
        {ORDER_COPY.cancelOrder}
      </Button>
    </Box>
  );
}

function TicketRow({ ticket, onTransfer }: { ticket: TicketState; onTransfer: () => void }) {
  const { transfer } = ticket;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ flex: '1 1 12rem', fontWeight: 600, overflowWrap: 'anywhere' }}>{ticket.title}</Typography>
      {transfer.to ? (
        <Typography color="text.secondary">Handed on to {transfer.to}</Typography>
      ) : transfer.allowed ? (
        <Button variant="outline" onClick={onTransfer} aria-label={`Transfer ticket for ${ticket.title}`}>
          Transfer ticket
        </Button>
      ) : (
        <Typography color="text.secondary" sx={{ flex: '1 1 12rem' }}>
          {transfer.reason}
        </Typography>
      )}
    </Box>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { ticketTransferBody } from '../../../shared/contract/orderManage';
import { EMAIL_PROBLEM } from '../../../shared/contract/zod';
import { errorStatus, messageFor } from '../../api/serverError';
import { TextInput } from '../../components/TextInput';
import { toast } from '../../lib/toast';
import { useTransferTicketMutation } from './orderManageApi';

/** The field's own sentence for what the contract refuses (EMAIL_PROBLEM). */
function emailProblem(email: string): string | null {
  const parsed = ticketTransferBody.safeParse({ email });
  if (parsed.success) return null;
  return `E-mail address ${parsed.error.issues[0]?.message ?? EMAIL_PROBLEM}.`;
}

/**
 * 'Transfer your ticket': one e-mail address. The field says what is wrong with it (checked here by
 * the same contract as the server, and the server's refusal shown under it); Enter sends.
 */
export function TransferTicketDialog({
  cartId,
  ticket,
  open,
  onClose,
}: {
  cartId: number;
  /** The ticket to hand on; kept while the dialog closes, so its words stay until it is gone. */
  ticket: { eventId: number; title: string } | null;
  open: boolean;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [transfer, transferring] = useTransferTicketMutation();

  const close = () => {
    setEmail('');
    setProblem(null);
    onClose();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!ticket) return;
    const address = email.trim();
    const wrong = emailProblem(address);
    setProblem(wrong);
    if (wrong) return;
    try {
      const result = await transfer({ cartId, eventId: ticket.eventId, email: address }).unwrap();
      const to = result.tickets.find((t) => t.eventId === ticket.eventId)?.transfer.to;
      toast.success(`Ticket handed on${to ? ` to ${to}` : ''}. We sent them an e-mail.`);
      close();
    } catch (err) {
      // A 409 is about this address or this ticket: it stays by the field, the dialog open.
      if (errorStatus(err) === 409 || errorStatus(err) === 400) setProblem(messageFor(err));
      else toast.error(messageFor(err));
    }
  };

  return (
    <Dialog open={open && ticket !== null} onClose={close} aria-labelledby="transfer-title" fullWidth maxWidth="xs">
      <form onSubmit={send} noValidate>
        <DialogTitle id="transfer-title">Transfer your ticket</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {ticket?.title}: the ticket stops working for you at once, and goes to the person with this e-mail address.
            They only need to sign in or sign up with it. A ticket can be handed on once.
          </DialogContentText>
          <TextInput
            autoFocus
            fullWidth
            margin="dense"
            label="Their e-mail address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (problem) setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? undefined}
            htmlInput={{ maxLength: 254, spellCheck: false, autoCapitalize: 'none' }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="default" disabled={transferring.isLoading}>
            Transfer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

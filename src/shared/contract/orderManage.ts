import { z, emailAddress } from './zod';
import { envelope } from './responseEnvelope';
import { dbId } from './ids';
import { formatEventDateTime } from '../format';
import { ORDER_MESSAGES } from './orderMessages';

/**
 * The fan's own changes to an order after buying (docs/decisions.md "After the purchase"): cancel
 * the whole order for a full refund until the cutoff, and hand a ticket on to another e-mail
 * address before the show. Every sentence here is what the fan reads, on the page and in a 409.
 */
export const ORDER_MANAGE_MESSAGES = {
  orderNotFound: ORDER_MESSAGES.orderNotFound,
  eventNotInOrder: 'This event is not in this order.',
  cancelled: 'Order cancelled. Your refund is on its way.',
  alreadyCancelled: 'This order was already cancelled.',
  alreadyRefunded: 'This order was refunded already.',
  handedOn: "A ticket of this order was handed on, so it can't be cancelled.",
  received: "This ticket was handed on to you, so there is nothing to refund. Only its buyer's order can be cancelled.",
  /** The cutoff of a live show, in New York time. */
  pastCutoff: (cutoff: Date | string) =>
    `This order could be cancelled until ${formatEventDateTime(new Date(cutoff).toISOString())}; that time has passed.`,
  played: (title: string) => `You started watching ${title}, so this order can't be cancelled any more.`,
  transferred: 'Ticket handed on.',
  alreadyTransferred: 'This ticket was already handed on.',
  toSelf: "You can't hand a ticket on to yourself.",
  receivedTicket: "A ticket handed on to you can't be handed on again.",
  notActive: "This order was cancelled or refunded, so its tickets can't be handed on.",
  showStarted: "The show has started, so this ticket can't be handed on any more.",
  ticketPlayed: "You started watching this event, so its ticket can't be handed on any more.",
  receiverHolds: 'That address already has a ticket for this event.',
  receiverWaiting: 'This address already has a ticket for this event waiting for them.',
  /** A ticket handed on whose receiver had one of their own by the time they signed up: it came back. */
  handedBack: 'It was handed back to you: that address already had a ticket for this event.',
} as const;

/** Until when the fan may cancel, the live cutoff of an order's events: null for on-demand (until played). */
export const cancelCutoff = (airStart: Date, cutoffHours: number) =>
  new Date(airStart.getTime() - cutoffHours * 3600_000);

export const orderManageParams = z.strictObject({ cartId: dbId });
export const ticketTransferParams = z.strictObject({ cartId: dbId, eventId: dbId });

// ── GET /v1/order/{cartId}/manage ──────────────────────────────────────────────────────────────────
const ticketState = z.object({
  eventId: z.number().int(),
  title: z.string(),
  transfer: z.object({
    allowed: z.boolean(),
    /** Why not, a sentence; null when allowed or handed on. */
    reason: z.string().nullable(),
    /** Handed on to (masked: 'j***@example.com') and when; null while the fan holds it. */
    to: z.string().nullable(),
    at: z.string().nullable(),
  }),
});
const orderManage = z.object({
  /** The order's status: Active, Cancelled, Refunded. */
  status: z.string(),
  cancel: z.object({
    allowed: z.boolean(),
    /** The last moment to cancel (ISO), for an order with a live show; null when it lasts until the first play. */
    until: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  tickets: z.array(ticketState),
});
export type OrderManage = z.infer<typeof orderManage>;
export type TicketState = z.infer<typeof ticketState>;
export const orderManageResponse = envelope(orderManage);

// ── POST /v1/order/{cartId}/cancel ─────────────────────────────────────────────────────────────────
export const orderCancelResponse = envelope(orderManage);

// ── POST /v1/order/{cartId}/tickets/{eventId}/transfer ─────────────────────────────────────────────
export const ticketTransferBody = z.strictObject({ email: emailAddress() });
export const ticketTransferResponse = envelope(orderManage);

/** 'jane@example.com' → 'j***@example.com': enough for the sender to recognise, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

import { z } from './zod';
import { envelope } from './responseEnvelope';
import { dbId } from './ids';

/**
 * The waiting list of a sold-out event (docs/decisions.md "After the purchase"): a signed-in fan
 * joins and reads their place; when a seat comes back, the first in line has it held for the
 * event's hold time (30 minutes by default) and is mailed a link to checkout. Every sentence here is
 * what the fan reads, on the page and in a 409.
 */
export const WAITLIST_MESSAGES = {
  status: 'Your place on the waiting list',
  joined: "You're on the waiting list.",
  left: 'You left the waiting list.',
  notOnList: 'You were not on the waiting list.',
  notFound: 'No such event.',
  free: 'This event is free to watch: there is no waiting list.',
  notSoldOut: 'This event is not sold out: you can buy a ticket now.',
  started: 'This show has started, so its waiting list is closed.',
  owned: 'You already have a ticket for this event.',
} as const;

export const waitlistParams = z.strictObject({ eventId: dbId });

// ── GET|POST|DELETE /v1/waitlist/{eventId} ────────────────────────────────────────────────────────
const waitlistStatus = z.object({
  /** 'none': not on the list; 'waiting': in line; 'held': a seat is held for the caller until `heldUntil`. */
  state: z.enum(['none', 'waiting', 'held']),
  /** 1-based place among the fans still waiting; null unless waiting. */
  place: z.number().int().positive().nullable(),
  /** ISO time the held seat is kept until; null unless held. */
  heldUntil: z.string().nullable(),
});
export type WaitlistStatus = z.infer<typeof waitlistStatus>;
export const waitlistResponse = envelope(waitlistStatus);

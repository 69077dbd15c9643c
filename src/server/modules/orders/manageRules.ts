import { cancelCutoff, ORDER_MANAGE_MESSAGES as M } from '../../../shared/contract/orderManage';
import type { ManagedEvent } from './transferRepository';

/**
 * The rules of the fan's own changes (docs/decisions.md "After the purchase"), as plain functions:
 * the order page asks them to say what is possible, and the services ask them again inside their
 * transactions, under the locks, to decide.
 */

type OrderState = { status: string; usage_type: string };
export type Verdict = { allowed: boolean; reason: string | null };

/** A live show with an air date is judged by the clock; anything else (on demand) by whether it was played. */
const hasAirDate = (e: ManagedEvent): e is ManagedEvent & { air_start_date: Date } =>
  e.content_type === 'Live' && e.air_start_date !== null;

/** The last moment the whole order may be cancelled: its earliest live cutoff, or null (on demand only). */
export function cancelUntil(events: ManagedEvent[]): Date | null {
  const cutoffs = events.filter(hasAirDate).map((e) => cancelCutoff(new Date(e.air_start_date), e.cancel_cutoff_hours));
  return cutoffs.length === 0 ? null : new Date(Math.min(...cutoffs.map((d) => d.getTime())));
}

/** Why an order that is not Active can no longer change. */
const endedReason = (order: OrderState) => (order.status === 'Cancelled' ? M.alreadyCancelled : M.alreadyRefunded);

/**
 * Whether the whole order may be cancelled at `at`: an Active order the fan bought (not a ticket
 * received), none of whose tickets was handed on, every live show before its cutoff and every other
 * event never played.
 */
export function cancelVerdict(
  order: OrderState,
  events: ManagedEvent[],
  handedOn: boolean,
  played: ReadonlySet<number>,
  at: Date,
): Verdict {
  const no = (reason: string): Verdict => ({ allowed: false, reason });
  if (order.status !== 'Active') return no(endedReason(order));
  if (order.usage_type === 'Transfer') return no(M.received);
  if (handedOn) return no(M.handedOn);
  for (const e of events) {
    if (hasAirDate(e)) {
      const cutoff = cancelCutoff(new Date(e.air_start_date), e.cancel_cutoff_hours);
      if (at.getTime() >= cutoff.getTime()) return no(M.pastCutoff(cutoff));
    } else if (played.has(e.id)) return no(M.played(e.title));
  }
  return { allowed: true, reason: null };
}

/**
 * Whether a ticket may be handed on at `at`: its line still the fan's, of an Active order they
 * bought, before the show (a live show's air date; on demand, never played).
 */
export function transferVerdict(
  order: OrderState,
  event: ManagedEvent,
  transferred: boolean,
  played: boolean,
  at: Date,
): Verdict {
  const no = (reason: string): Verdict => ({ allowed: false, reason });
  if (transferred) return no(M.alreadyTransferred);
  if (order.status !== 'Active') return no(M.notActive);
  if (order.usage_type === 'Transfer') return no(M.receivedTicket);
  if (hasAirDate(event)) {
    if (at.getTime() >= new Date(event.air_start_date).getTime()) return no(M.showStarted);
  } else if (played) return no(M.ticketPlayed);
  return { allowed: true, reason: null };
}

import type { FastifyBaseLogger } from 'fastify';
import { WAITLIST_MESSAGES as M, type WaitlistStatus } from '../../../shared/contract/waitlist';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { UserCaller } from '../../platform/callerIdentity';
import { Conflict, NotFound } from '../../platform/domainErrors';
import type { CartRepositories } from '../cart/repositories';
import type { Mailer } from '../mail/mailer';
import { seatHeldMail } from './holdMail';
import { offerSeats } from './offerSeats';
import type { WaitlistRepositories } from './repositories';
import type { LineEvent, WaitlistEntryRow } from './waitlistRepository';

export type WaitlistDeps = {
  uow: UnitOfWork<WaitlistRepositories & CartRepositories>;
  mailer: Mailer;
  /** The shop's address, for the mail's link to checkout. */
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => number;
};

/** A hold mail taken by a sender that said nothing for this long is taken again (it stopped mid-way). */
const MAIL_LEASE_MS = 2 * 60 * 1000;
/** Holds mailed, and events whose holds lapse, per sweep: the rest wait for the next. */
const SWEEP_BATCH = 100;

const NONE: WaitlistStatus = { state: 'none', place: null, heldUntil: null };

/**
 * The waiting list of a sold-out event (docs/decisions.md "After the purchase"): joining, leaving
 * and the fan's place; the holds, which lapse and pass on (`sweep`, the hold sweeper's job); and the
 * hold mails, sent after the hold's transaction has committed, each by the one sender that takes it.
 */
export function createWaitlistService(deps: WaitlistDeps) {
  const { uow, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  async function statusOf(entry: WaitlistEntryRow | undefined): Promise<WaitlistStatus> {
    if (!entry) return NONE;
    if (entry.state === 'held')
      return {
        state: 'held',
        place: null,
        heldUntil: entry.held_until ? new Date(entry.held_until).toISOString() : null,
      };
    return { state: 'waiting', place: await uow.repos.waitlist.placeOf(entry.event_id, entry.id), heldUntil: null };
  }

  /** Why this fan cannot join this event's line now, or nothing. */
  async function refusal(event: LineEvent | undefined, userId: number): Promise<Error | null> {
    if (!event) return new NotFound(M.notFound);
    if (!event.is_premium || !event.rate_cents) return new Conflict(M.free);
    const airStart = event.air_start_date ? new Date(event.air_start_date).getTime() : null;
    if (event.content_type === 'Live' && airStart !== null && airStart <= now().getTime())
      return new Conflict(M.started);
    if (await uow.repos.waitlist.holdsTicket(userId, event.id)) return new Conflict(M.owned);
    if (event.capacity === null || event.sold < event.capacity) return new Conflict(M.notSoldOut);
    return null;
  }

  /**
   * Mails the holds not mailed yet, each once: a sender takes it (a lease), puts the event in the
   * fan's cart (so the link lands on a checkout ready to pay), sends, and marks it sent. A failure
   * gives it back for the next sweep; a sender that stopped mid-way leaves it to be taken again once
   * its lease is over (a mail sent just before such a stop would then go twice: rather that than none).
   */
  async function mailHolds(): Promise<number> {
    const at = now();
    const holds = await uow.repos.waitlist.takeUnmailed(at, new Date(at.getTime() - MAIL_LEASE_MS), SWEEP_BATCH);
    let mailed = 0;
    for (const hold of holds) {
      try {
        const stillHeld = await uow.transaction(async (repos) => {
          if (!(await repos.waitlist.isHeld(hold.id))) return false;
          const cart = await repos.carts.ensureUserCart(hold.user_id);
          if (await repos.carts.addLine(cart.id, hold.event_id)) await repos.carts.bumpVersion(cart.id);
          return true;
        });
        if (!stillHeld) continue;
        const name = `${hold.first_name} ${hold.last_name}`.trim() || hold.email.split('@')[0]!;
        await deps.mailer.send(
          seatHeldMail(hold.email, name, {
            title: hold.title,
            heldUntil: new Date(hold.held_until),
            checkoutUrl: `${deps.publicUrl}/checkout`,
          }),
        );
        await uow.repos.waitlist.markMailed(hold.id, now());
        mailed += 1;
      } catch (err) {
        log.error({ err, entryId: hold.id }, 'waitlist hold mail failed; kept for the next sweep');
        await uow.repos.waitlist.releaseMail(hold.id).catch(() => undefined);
      }
    }
    return mailed;
  }

  /** Lapses the holds past their time, event by event: each seat goes back and on to the next in line. */
  async function lapseHolds(): Promise<{ lapsed: number; held: number }> {
    const at = now();
    let lapsed = 0;
    let held = 0;
    for (const eventId of await uow.repos.waitlist.eventsWithLapsedHolds(at, SWEEP_BATCH)) {
      const result = await uow.transaction(async (repos) => {
        await repos.waitlist.lockLine(eventId);
        const count = await repos.waitlist.lapse(eventId, at);
        await repos.waitlist.returnSeats(eventId, count);
        return { count, held: count > 0 ? await offerSeats(repos, [eventId], at) : 0 };
      });
      lapsed += result.count;
      held += result.held;
    }
    return { lapsed, held };
  }

  return {
    /** The caller's state in the event's line: none, waiting (with their place), or held (until when). */
    async status(user: UserCaller, eventId: number): Promise<WaitlistStatus> {
      return statusOf(await uow.repos.waitlist.openEntry(eventId, user.userId));
    },

    /**
     * Puts the caller in line: only for a published premium event sold out now, not started (a live
     * show), and not for a ticket holder. Joining again answers the same place; a held seat stays held.
     */
    async join(user: UserCaller, eventId: number): Promise<WaitlistStatus> {
      const open = await uow.repos.waitlist.openEntry(eventId, user.userId);
      if (open) return statusOf(open);
      const problem = await refusal(await uow.repos.waitlist.event(eventId), user.userId);
      if (problem) throw problem;
      await uow.repos.waitlist.join(eventId, user.userId, now());
      return statusOf(await uow.repos.waitlist.openEntry(eventId, user.userId));
    },

    /** Takes the caller out of line. A held seat passes on at once to the next in line (mailed after). */
    async leave(user: UserCaller, eventId: number): Promise<{ left: boolean }> {
      const at = now();
      const passedOn = await uow.transaction(async (repos) => {
        await repos.waitlist.lockLine(eventId);
        // Read under the line's lock: a refund's offer cannot turn it into a hold meanwhile.
        const entry = await repos.waitlist.openEntry(eventId, user.userId);
        if (!entry || !(await repos.waitlist.leave(entry.id, at))) return null;
        if (entry.state !== 'held') return 0;
        await repos.waitlist.returnSeats(eventId, 1);
        return offerSeats(repos, [eventId], at);
      });
      if (passedOn) await mailHolds();
      return { left: passedOn !== null };
    },

    mailHolds,
    lapseHolds,

    /** The hold sweeper's round: lapse what is past its time (passing it on), then mail every new hold. */
    async sweep(): Promise<{ lapsed: number; held: number; mailed: number }> {
      const { lapsed, held } = await lapseHolds();
      return { lapsed, held, mailed: await mailHolds() };
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;

import type { FastifyBaseLogger } from 'fastify';
import { SALES_MESSAGES } from '../../../shared/contract/studioSales';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound, UpstreamFailure } from '../../platform/domainErrors';
import type { IdentityRepositories } from '../identity/repositories';
import type { Mailer } from '../mail/mailer';
import type { OrganizerRepositories } from '../organizers/repositories';
import { ProviderUnavailableError, type PaymentProvider } from '../payments/provider';
import type { RefundReason } from '../../db/schema';
import type { OrderRow } from './orderRepository';
import type { RefundedStatus, RefundRepository, RefundRow } from './refundRepository';
import { orderCancelledMail, orderRefundedMail } from './refundMail';
import type { OrderRepositories } from './repositories';
import type { WaitlistRepositories } from '../waitlist/repositories';
import { offerSeats } from '../waitlist/offerSeats';

export type RefundDeps = {
  uow: UnitOfWork<
    Pick<OrderRepositories, 'orders' | 'refunds' | 'transfers'> &
      Pick<OrganizerRepositories, 'audit'> &
      IdentityRepositories &
      WaitlistRepositories
  >;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Told of each refund the provider has done (for /metrics). */
  onRefunded?: () => void;
};

/** Who refunds: the organizer, or the fan cancelling their own order (the audit entry's actor). */
export type RefundActor = { userId: number; email: string };

type ClaimRepos = Pick<OrderRepositories, 'orders' | 'refunds' | 'transfers'>;
type LockedEvent = Awaited<ReturnType<RefundRepository['lockEvents']>>[number];

/**
 * A kind of refund: its reason (kept on the refund), the order's status after it, the audit
 * action, and `check`: a last word inside the claim's transaction, under the events' and the
 * tickets' locks and at the claim's one clock reading, that refuses by throwing (the fan's cutoff).
 */
export type RefundKind = {
  reason: RefundReason;
  status: RefundedStatus;
  action: string;
  check?: (repos: ClaimRepos, order: OrderRow, events: LockedEvent[], at: Date) => Promise<void>;
};
const BY_ORGANIZER: RefundKind = { reason: 'organizer', status: 'Refunded', action: 'order.refund' };

/** One key per order: the provider refunds once however often it is asked (Stripe and the sandbox honour it). */
export const refundKey = (orderId: number) => `order-refund-${orderId}`;

/**
 * The key of one attempt: the order's own for the first, and one per retry after it. Stripe keeps a
 * key's first answer for a day, failures included, so a retry under the first key would only read
 * its failure back. Never twice either way: one attempt is under way at a time (takeRetry), and
 * neither provider refunds a fully refunded payment again (the sandbox's refunded_at, Stripe's
 * charge_already_refunded, which stripeProvider.ts takes as done).
 */
const attemptKey = (refund: { idempotency_key: string; attempts: number }) =>
  refund.attempts <= 1 ? refund.idempotency_key : `${refund.idempotency_key}-attempt-${refund.attempts}`;

/** An attempt still silent this long after it started was cut off mid-way: the reconciliation job takes it. */
const STALE_AFTER_MS = 10 * 60 * 1000;

/** What the organizer reads of a provider failure: its sentence, never more than a line. */
const failureSentence = (err: unknown) =>
  err instanceof ProviderUnavailableError
    ? 'The payment provider did not answer.'
    : (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Step 1's transactions: the claim with everything it undoes, and an organizer's retry of a failed attempt. */
function refundClaimsOf(deps: RefundDeps) {
  const { uow } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /**
   * Step 1: the claim and everything the refund undoes, or undefined when the order was claimed
   * before. The events' rows are locked first (what an air-date edit locks), then the tickets' turns
   * (what a play takes): the clock is read once, after both, so `kind.check` decides against the
   * air date and the plays as they stand when the claim commits.
   */
  function claim(actor: RefundActor, order: OrderRow, kind: RefundKind): Promise<RefundRow | undefined> {
    return uow.transaction(async (repos) => {
      const eventIds = await repos.orders.eventIdsOf(order.id);
      const events = await repos.refunds.lockEvents(eventIds);
      // The plays' lock before the close: a play that passed its ticket check just now cannot write a session after it.
      await repos.refunds.lockTickets(order.user_id, eventIds);
      const at = now();
      await kind.check?.(repos, order, events, at);
      const claimed = await repos.refunds.claim(
        {
          orderId: order.id,
          requestedBy: actor.userId,
          amountCents: order.amount_cents,
          idempotencyKey: refundKey(order.id),
          reason: kind.reason,
        },
        at,
      );
      if (!claimed) return undefined;
      await repos.refunds.markOrderRefunded(order.id, at, kind.status);
      // A ticket handed on keeps its seat: the receiver holds it through an order of their own.
      const handedOn = new Set((await repos.transfers.ofOrder(order.id)).map((t) => t.event_id));
      const seatIds = eventIds.filter((id) => !handedOn.has(id));
      await repos.refunds.returnSeats(seatIds);
      // The seats go to the events' waiting lines first, held for the next fan (mailed by the hold sweeper).
      await offerSeats(repos, seatIds, at);
      const sessionsClosed = await repos.refunds.closeViewingSessions(order.user_id, eventIds, at);
      const couponUsesReturned = await repos.refunds.releaseCoupon(order.id);
      await repos.audit.record({
        actor,
        action: kind.action,
        subjectType: 'order',
        subjectId: order.id,
        before: { orderId: order.order_ref, status: order.status, amountCents: order.amount_cents },
        after: {
          orderId: order.order_ref,
          status: kind.status,
          refund: 'pending',
          seatsReturned: seatIds,
          sessionsClosed,
          couponUsesReturned,
        },
      });
      return claimed;
    });
  }

  /**
   * An organizer's retry of a failed attempt: taken by one caller only (undefined for the others),
   * and audited in the same transaction, with the refund's state before and after.
   */
  function takeRetry(actor: RefundActor, order: OrderRow): Promise<RefundRow | undefined> {
    return uow.transaction(async (repos) => {
      // Read under the row's lock: the state the retry replaces, not one a failure being written changes.
      const before = await repos.refunds.byOrderLocked(order.id);
      const retry = before && (await repos.refunds.takeRetry(order.id, now()));
      if (!before || !retry) return undefined;
      const stateOf = (r: RefundRow) => ({
        orderId: order.order_ref,
        refund: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
      });
      await repos.audit.record({
        actor,
        action: 'order.refund_retry',
        subjectType: 'order',
        subjectId: order.id,
        before: stateOf(before),
        after: stateOf(retry),
      });
      return retry;
    });
  }

  return { claim, takeRetry };
}

/** Steps 2 and 3: the provider asked, the refund marked done, the fan mailed. */
function refundFinishOf(deps: RefundDeps) {
  const { uow, provider, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /** Steps 2 and 3: the provider (outside any transaction), then done, then the mail. */
  async function finish(order: OrderRow, refund: RefundRow): Promise<void> {
    // A voucher order of 0 was never charged: nothing to give back.
    if (order.payment_intent_id && order.amount_cents > 0) {
      try {
        await provider.refund(order.payment_intent_id, attemptKey(refund));
      } catch (err) {
        await uow.repos.refunds.recordFailure(order.id, failureSentence(err));
        log.warn(
          { err, orderId: order.id, attempt: refund.attempts },
          'order refund: the provider failed; kept pending',
        );
        throw new UpstreamFailure(SALES_MESSAGES.providerFailed, { cause: err });
      }
    }
    const done = await uow.transaction((repos) => repos.refunds.markDone(order.id, now()));
    if (!done) return;
    deps.onRefunded?.();
    log.info({ orderId: order.id, reason: refund.reason }, 'order refunded');
    await mailFan(order, refund.reason);
  }

  /** A mail failure is logged, never thrown: the refund stands either way. A fan's cancellation gets its own words. */
  async function mailFan(order: OrderRow, reason: RefundReason): Promise<void> {
    try {
      const user = await uow.repos.identity.userById(order.user_id);
      if (!user) return;
      const items = await uow.repos.orders.items(order.id);
      const name = `${user.first_name} ${user.last_name}`.trim() || user.email.split('@')[0]!;
      const mail = reason === 'cancel' ? orderCancelledMail : orderRefundedMail;
      await deps.mailer.send(
        mail(
          user.email,
          name,
          { ref: order.order_ref, amountCents: order.amount_cents, method: order.payment_method },
          items.map((i) => i.title),
        ),
      );
    } catch (err) {
      log.error({ err, orderId: order.id }, 'order refund mail failed');
    }
  }

  return finish;
}

/**
 * An order's full refund, by an organizer or (refundAs) the fan's own cancellation, exactly once
 * under double clicks and two callers at once (docs/architecture.md "The rules"):
 * 1. one transaction claims the refund (a row keyed by the order: a second claim finds it), ends the
 *    order's access, gives its seats and coupon use back, closes its viewing sessions, and writes
 *    the audit entry;
 * 2. outside any transaction the provider is asked to refund, with the order's idempotency key
 *    (`attemptKey`);
 * 3. a second transaction marks the refund done, and the one call that did so mails the fan.
 * A provider failure leaves the refund pending with its sentence: refunding again (or the
 * reconciliation job) retries, never with a second claim.
 */
export function createRefundService(deps: RefundDeps) {
  const { uow, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const { claim, takeRetry } = refundClaimsOf(deps);
  const finish = refundFinishOf(deps);

  return {
    /**
     * Refunds the order in full. 404 unknown; 409 refunded already, or being refunded by another
     * call right now; 502 when the provider failed (pending: call again to retry).
     */
    async refund(actor: RefundActor, orderId: number): Promise<void> {
      const order = await uow.repos.orders.byId(orderId);
      if (!order) throw new NotFound(SALES_MESSAGES.orderNotFound);
      const claimed = await claim(actor, order, BY_ORGANIZER);
      if (claimed) return finish(order, claimed);
      const existing = await uow.repos.refunds.byOrder(order.id);
      if (!existing || existing.status === 'done') throw new Conflict(SALES_MESSAGES.alreadyRefunded);
      // Pending: a failed attempt is retried by the one caller that takes it; one under way is left alone.
      const retry = await takeRetry(actor, order);
      if (!retry) throw new Conflict(SALES_MESSAGES.refundUnderWay);
      return finish(order, retry);
    },

    /**
     * A refund of another kind (the fan's cancellation, the guaranteed view's): claimed with the
     * kind's check under the claim's locks, then finished as an organizer's. False when the order
     * was claimed before (the caller says why); throws UpstreamFailure when the provider failed (the
     * refund stays pending and the reconciliation job finishes it), and whatever `check` throws.
     */
    async refundAs(actor: RefundActor, order: OrderRow, kind: RefundKind): Promise<boolean> {
      const claimed = await claim(actor, order, kind);
      if (!claimed) return false;
      await finish(order, claimed);
      return true;
    },

    /**
     * The reconciliation job's part: finishes refunds the provider has not done yet (failed ones,
     * and ones cut off mid-way). Answers how many it finished; a failure waits for the next run.
     */
    async finishPending(limit = 100): Promise<number> {
      const staleBefore = new Date(now().getTime() - STALE_AFTER_MS);
      let finished = 0;
      for (const orderId of await uow.repos.refunds.unfinished(staleBefore, limit)) {
        const refund = await uow.repos.refunds.takeRetry(orderId, now(), staleBefore);
        const order = refund && (await uow.repos.orders.byId(orderId));
        if (!refund || !order) continue;
        try {
          await finish(order, refund);
          finished += 1;
        } catch (err) {
          if (!(err instanceof UpstreamFailure)) log.warn({ err, orderId }, 'finishing a pending refund failed');
        }
      }
      return finished;
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;

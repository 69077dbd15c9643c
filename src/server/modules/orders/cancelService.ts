import type { FastifyBaseLogger } from 'fastify';
import { maskEmail, ORDER_MANAGE_MESSAGES as M, type OrderManage } from '../../../shared/contract/orderManage';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { UserCaller } from '../../platform/callerIdentity';
import { Conflict, NotFound, UpstreamFailure } from '../../platform/domainErrors';
import { cancelUntil, cancelVerdict, transferVerdict } from './manageRules';
import type { RefundKind, RefundService } from './refundService';
import type { OrderRow } from './orderRepository';
import type { OrderRepositories } from './repositories';
import { handedBack } from './transferRepository';

type Repos = Pick<OrderRepositories, 'orders' | 'transfers'>;

/** The caller's own order by its cart id; another's answers as an unknown one (404), never "not yours". */
export async function ownOrder(repos: Repos, user: UserCaller, cartId: number): Promise<OrderRow> {
  const order = await repos.orders.byCartId(cartId);
  if (!order || order.user_id !== user.userId) throw new NotFound(M.orderNotFound);
  return order;
}

/** What the fan may do with an order now: cancel it (until when, or why not), hand each ticket on. */
export async function manageView(repos: Repos, order: OrderRow, at: Date): Promise<OrderManage> {
  const [events, transfers] = await Promise.all([
    repos.transfers.eventsOf(order.id),
    repos.transfers.ofOrder(order.id),
  ]);
  const played = new Set(
    await repos.transfers.playedEventIds(
      order.user_id,
      events.map((e) => e.id),
    ),
  );
  const inEffect = transfers.filter((t) => !handedBack(t));
  const returned = new Set(transfers.filter(handedBack).map((t) => t.event_id));
  const handedOn = new Map(inEffect.map((t) => [t.event_id, t]));
  const cancel = cancelVerdict(order, events, inEffect.length > 0, played, at);
  const until = cancelUntil(events);
  return {
    status: order.status,
    cancel: { ...cancel, until: until && until.toISOString() },
    tickets: events.map((e) => {
      const sent = handedOn.get(e.id);
      // A ticket that came back (handedBack) is the fan's again, but is handed on once only (the transfer's key).
      const verdict = returned.has(e.id)
        ? { allowed: false, reason: M.handedBack }
        : transferVerdict(order, e, Boolean(sent), played.has(e.id), at);
      return {
        eventId: e.id,
        title: e.title,
        transfer: {
          ...verdict,
          reason: sent ? null : verdict.reason,
          to: sent ? maskEmail(sent.to_email) : null,
          at: sent ? new Date(sent.created_at).toISOString() : null,
        },
      };
    }),
  };
}

/**
 * The fan's cancellation of a whole order for a full refund (docs/decisions.md "After the
 * purchase"): the refund service's claim, with the cutoff decided inside it (under the events' and
 * tickets' locks, at its one clock reading), so a cancel racing an air-date move, the cutoff
 * instant, a play or a transfer is decided once. The order ends as 'Cancelled'.
 */
export function createCancelService(deps: {
  uow: UnitOfWork<Repos>;
  refunds: Pick<RefundService, 'refundAs'>;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { uow, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /** Refuses, inside the claim, what the rules refuse: the order read afresh under the locks. */
  const check: RefundKind['check'] = async (repos, order, events, at) => {
    const fresh = (await repos.orders.byId(order.id)) ?? order;
    const handedOn = (await repos.transfers.ofOrder(order.id)).some((t) => !handedBack(t));
    const played = new Set(
      await repos.transfers.playedEventIds(
        order.user_id,
        events.map((e) => e.id),
      ),
    );
    const verdict = cancelVerdict(fresh, events, handedOn, played, at);
    if (!verdict.allowed) throw new Conflict(verdict.reason ?? M.alreadyCancelled);
  };
  const CANCEL: RefundKind = { reason: 'cancel', status: 'Cancelled', action: 'order.cancel', check };

  return {
    async manage(user: UserCaller, cartId: number): Promise<OrderManage> {
      return manageView(uow.repos, await ownOrder(uow.repos, user, cartId), now());
    },

    /**
     * Cancels the caller's order: 404 not theirs, 409 with the rule's sentence. A provider failure
     * leaves the refund pending for the reconciliation job: the order is cancelled either way, and
     * the mail goes out when the money has gone back.
     */
    async cancel(user: UserCaller, cartId: number): Promise<OrderManage> {
      const order = await ownOrder(uow.repos, user, cartId);
      try {
        const done = await deps.refunds.refundAs({ userId: user.userId, email: user.email }, order, CANCEL);
        if (!done) throw new Conflict(M.alreadyCancelled);
      } catch (err) {
        if (!(err instanceof UpstreamFailure)) throw err;
        log.warn({ orderId: order.id }, 'order cancelled; its refund waits for the reconciliation job');
      }
      const after = (await uow.repos.orders.byId(order.id)) ?? order;
      return manageView(uow.repos, after, now());
    },
  };
}
export type CancelService = ReturnType<typeof createCancelService>;

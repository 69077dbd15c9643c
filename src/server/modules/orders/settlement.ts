import type { FastifyBaseLogger } from 'fastify';
import type { OrderSummary } from '../../../shared/contract/orders';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound, UpstreamFailure } from '../../platform/domainErrors';
import type { PaymentProvider, ProviderIntent } from '../payments/provider';
import { ProviderUnavailableError } from '../payments/provider';
import type { CheckoutRow } from './checkoutRepository';
import type { CartToOrderRepositories } from './repositories';
import { toOrderSummary } from './orderViews';
import { isOrderRefusal, placeOrder, type OrderRefusal } from './placeOrder';

export type SettlementDeps = {
  uow: UnitOfWork<CartToOrderRepositories>;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Sends the confirmation mail of a new order; never throws (a mail failure must not undo a sale). */
  confirmOrder: (orderId: number) => Promise<void>;
  now: () => Date;
  /** The live window (STREAM_LIVE_MINUTES), for the replay window a sale is refused after. */
  liveMinutes: number;
  /** Told of each refund sent (for /metrics). */
  onRefunded?: () => void;
};

/** Provider calls that fail for a reason of theirs become a 502 the buyer can retry. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderUnavailableError)
      throw new UpstreamFailure(ORDER_MESSAGES.paymentProviderDown, { cause: err });
    throw err;
  }
}

/**
 * What happens to a paid checkout, whoever reports the payment (the browser, a retry, the webhook,
 * the reconciliation): its order is made once, in one transaction holding the checkout's lock; or,
 * when the order cannot be made, the checkout is marked for refund before the provider is asked to
 * refund it, so a crash in between is finished later instead of forgotten.
 */
export function createSettlement(deps: SettlementDeps) {
  const { uow, provider, log, now } = deps;

  /** Makes the order of a paid checkout, or refunds it when the order cannot be made. */
  async function settle(checkout: CheckoutRow, intent: ProviderIntent): Promise<OrderSummary> {
    if (intent.status !== 'succeeded') throw new Conflict(ORDER_MESSAGES.notPaid);
    if (intent.amountCents !== checkout.amount_cents || intent.metadata.user_id !== String(checkout.user_id)) {
      log.error({ intentId: intent.id, checkoutId: checkout.id }, 'payment intent does not match its checkout');
      throw new Conflict(ORDER_MESSAGES.notYourPayment);
    }
    const refused: { reason?: OrderRefusal } = {};
    const placed = await uow
      .transaction(async (repos) => {
        const locked = await repos.checkouts.lock(checkout.id);
        if (locked.status === 'ordered' && locked.order_id) return { orderId: locked.order_id, created: false };
        if (locked.status !== 'open') return null;
        try {
          const order = await placeOrder(repos, {
            userId: locked.user_id,
            paymentMethod: 'stripe',
            paymentIntentId: intent.id,
            amountCents: locked.amount_cents,
            couponCode: locked.coupon_code,
            lines: locked.lines,
            cartId: locked.cart_id,
            now: now(),
          });
          await repos.checkouts.markOrdered(locked.id, order.id);
          return { orderId: order.id, created: true };
        } catch (err) {
          if (!isOrderRefusal(err)) throw err;
          // Rethrown so the transaction rolls back the seats and the coupon taken so far.
          refused.reason = err;
          throw err;
        }
      })
      .catch((err: unknown) => {
        if (refused.reason && err === refused.reason) return null;
        throw err;
      });
    if (placed) {
      if (placed.created) await deps.confirmOrder(placed.orderId);
      return summaryOf(placed.orderId);
    }
    if (refused.reason) await uow.repos.checkouts.markRefundPending(checkout.id, refused.reason.refundMessage);
    return refundAndRefuse(checkout.id);
  }

  /** Refunds a checkout that could not become an order (again, if a first try failed) and says why. */
  async function refundAndRefuse(checkoutId: number): Promise<never> {
    const checkout = await uow.repos.checkouts.byId(checkoutId);
    if (checkout?.status === 'refund_pending') {
      await callProvider(() => provider.refund(checkout.payment_intent_id!, `refund-${checkout.payment_intent_id}`));
      await uow.repos.checkouts.markRefunded(checkout.id);
      deps.onRefunded?.();
      log.info(
        { checkoutId: checkout.id, intentId: checkout.payment_intent_id },
        'payment refunded: no order could be made',
      );
    }
    throw new Conflict(checkout?.refund_reason ?? ORDER_MESSAGES.refunded);
  }

  async function summaryOf(orderId: number): Promise<OrderSummary> {
    const order = await uow.repos.orders.byId(orderId);
    if (!order) throw new NotFound('No such order');
    return toOrderSummary(order, await uow.repos.orders.eventIdsOf(order.id));
  }

  return { settle, refundAndRefuse, summaryOf };
}
export type Settlement = ReturnType<typeof createSettlement>;

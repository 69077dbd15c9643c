import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CART_MESSAGES } from '../../../shared/contract/cart';
import {
  ORDER_MESSAGES, type CreateCartOrderBody, type CreatePaymentIntentBody, type OrderSummary, type PaymentIntent,
} from '../../../shared/contract/orders';
import { dollarsToCents } from '../../../shared/money';
import type { CheckoutLine } from '../../db/schema';
import type { Repositories, UnitOfWork } from '../../db/unitOfWork';
import { Conflict, Forbidden, Invalid, NotFound, UpstreamFailure } from '../../platform/errors';
import { assertOwnUserId, type UserCaller } from '../../plugins/caller';
import { usableCoupon } from '../cart/cartView';
import { priceCart } from '../cart/pricing';
import { couponTerms } from '../cart/couponRules';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from '../payments/provider';
import { ProviderUnavailableError } from '../payments/provider';
import { isOrderRefusal, placeOrder, type OrderRefusal } from './placeOrder';
import type { CheckoutRow } from './checkoutRepository';
import { toOrderSummary } from './orderViews';

type Deps = {
  uow: UnitOfWork;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Sends the confirmation mail of a new order; never throws (a mail failure must not undo a sale). */
  confirmOrder: (orderId: number) => Promise<void>;
  now?: () => number;
};

/** Provider calls that fail for a reason of theirs become a 502 the buyer can retry. */
async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw new UpstreamFailure(ORDER_MESSAGES.paymentProviderDown, { cause: err });
    throw err;
  }
}

/**
 * Checkout: the payment intent for a cart, and the order once the provider says the intent was
 * paid. The provider is always asked outside a transaction; the order is made inside one that takes
 * the seats, redeems the coupon and empties the cart, or none of it. The same intent gives the same
 * order whoever asks (the browser, a retry, the webhook), and a payment that cannot become an order
 * is refunded in full.
 */
export function createCheckoutService(deps: Deps) {
  const { uow, provider, log } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  /**
   * This database's random id, part of every intent's idempotency key: two shops on one Stripe
   * account (a staging copy, two developers on the same test keys) must never get each other's
   * intents back for the same cart id and version.
   */
  let installation: Promise<string> | null = null;
  const installationId = () => (installation ??= uow.repos.settings.getOrCreate('payments.installation_id', crypto.randomUUID()));

  /** The caller's cart, priced now, with what stands in the way of buying it. */
  async function pricedCart(repos: Repositories, user: UserCaller) {
    const cart = await repos.carts.find({ userId: user.userId });
    const lines = cart ? await repos.carts.lines(cart.id) : [];
    if (!cart || lines.length === 0) throw new Conflict(ORDER_MESSAGES.emptyCart);
    const coupon = await usableCoupon(repos, cart.coupon_code, lines, user, now());
    const totals = priceCart(lines.map((l) => ({ eventId: l.event_id, priceCents: l.rate_cents ?? 0 })), coupon ? couponTerms(coupon) : null);
    const eventIds = lines.map((l) => l.event_id);
    if ((await repos.orders.ownedEventIds(user.userId, eventIds)).length > 0) throw new Conflict(CART_MESSAGES.owned);
    for (const id of eventIds) if (await repos.orders.isSoldOut(id)) throw new Conflict(CART_MESSAGES.soldOut);
    const checkoutLines: CheckoutLine[] = lines.map((l) => ({ eventId: l.event_id, priceCents: l.rate_cents ?? 0, paidCents: totals.effectiveCents.get(l.event_id) ?? 0 }));
    return { cart, lines: checkoutLines, coupon, totalCents: totals.grandTotalCents };
  }

  /** Makes the order of a paid checkout, or refunds it when the order cannot be made. */
  async function settle(checkout: CheckoutRow, intent: ProviderIntent): Promise<OrderSummary> {
    if (intent.status !== 'succeeded') throw new Conflict(ORDER_MESSAGES.notPaid);
    if (intent.amountCents !== checkout.amount_cents || intent.metadata.user_id !== String(checkout.user_id)) {
      log.error({ intentId: intent.id, checkoutId: checkout.id }, 'payment intent does not match its checkout');
      throw new Conflict(ORDER_MESSAGES.notYourPayment);
    }
    const refused: { reason?: OrderRefusal } = {};
    const placed = await uow.transaction(async (repos) => {
      const locked = await repos.checkouts.lock(checkout.id);
      if (locked.status === 'ordered' && locked.order_id) return { orderId: locked.order_id, created: false };
      if (locked.status !== 'open') return null;
      try {
        const order = await placeOrder(repos, {
          userId: locked.user_id, paymentMethod: 'stripe', paymentIntentId: intent.id, amountCents: locked.amount_cents,
          couponCode: locked.coupon_code, lines: locked.lines, cartId: locked.cart_id, now: now(),
        });
        await repos.checkouts.markOrdered(locked.id, order.id);
        return { orderId: order.id, created: true };
      } catch (err) {
        if (!isOrderRefusal(err)) throw err;
        // Rethrown so the transaction rolls back the seats and the coupon taken so far.
        refused.reason = err;
        throw err;
      }
    }).catch((err: unknown) => {
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
      log.info({ checkoutId: checkout.id, intentId: checkout.payment_intent_id }, 'payment refunded: no order could be made');
    }
    throw new Conflict(checkout?.refund_reason ?? ORDER_MESSAGES.refunded);
  }

  async function summaryOf(orderId: number): Promise<OrderSummary> {
    const order = await uow.repos.orders.byId(orderId);
    if (!order) throw new NotFound('No such order');
    return toOrderSummary(order, await uow.repos.orders.eventIdsOf(order.id));
  }

  return {
    async createPaymentIntent(user: UserCaller, body: CreatePaymentIntentBody): Promise<PaymentIntent> {
      assertOwnUserId(user, body.userId);
      const priced = await pricedCart(uow.repos, user);
      if (priced.totalCents === 0) throw new Conflict(ORDER_MESSAGES.nothingToPay);
      if (body.amount !== priced.totalCents) throw new Invalid(ORDER_MESSAGES.amountMismatch);
      const { cart } = priced;
      const open = await uow.repos.checkouts.findOpen(cart.id, cart.version, provider.kind, priced.totalCents);
      const reusable = open?.payment_intent_id ? await callProvider(() => provider.retrieveIntent(open.payment_intent_id!)) : null;
      if (reusable && (reusable.status === 'requires_payment_method' || reusable.status === 'requires_action')) {
        return { client_secret: reusable.clientSecret, paymentIntentId: reusable.id, amount: reusable.amountCents, provider: provider.kind };
      }
      // Paid already (the browser was lost before it came back): make that order instead of a second charge.
      if (open && reusable?.status === 'succeeded') {
        await settle(open, reusable);
        throw new Conflict(ORDER_MESSAGES.alreadyPaid);
      }
      const attempt = open ? `-${open.id}` : '';
      const installId = await installationId();
      const intent = await callProvider(() => provider.createIntent({
        amountCents: priced.totalCents,
        currency: 'usd',
        idempotencyKey: `checkout-${installId}-${cart.id}-v${cart.version}-${priced.totalCents}${attempt}`,
        metadata: { user_id: String(user.userId), cart_id: String(cart.id), cart_version: String(cart.version) },
        description: `AllAccess: ${priced.lines.length} event${priced.lines.length === 1 ? '' : 's'}`,
      }));
      await uow.repos.checkouts.create({
        userId: user.userId, cartId: cart.id, cartVersion: cart.version, provider: provider.kind, paymentIntentId: intent.id,
        amountCents: priced.totalCents, couponCode: priced.coupon?.code ?? null, lines: priced.lines,
      });
      return { client_secret: intent.clientSecret, paymentIntentId: intent.id, amount: intent.amountCents, provider: provider.kind };
    },

    /** The browser's "it succeeded": believed only once the provider confirms it. */
    async createCartOrder(user: UserCaller, body: CreateCartOrderBody): Promise<OrderSummary> {
      assertOwnUserId(user, body.userId);
      if (body.paymentMethod === 'vouchers') return voucherOrder(user, body);
      if (!body.paymentIntentId) throw new Invalid('paymentIntentId: required for a card payment');
      const checkout = await uow.repos.checkouts.byIntent(body.paymentIntentId);
      if (!checkout) throw new NotFound(ORDER_MESSAGES.unknownPayment);
      if (checkout.user_id !== user.userId) throw new Forbidden(ORDER_MESSAGES.notYourPayment);
      if (body.amount !== undefined && dollarsToCents(body.amount) !== checkout.amount_cents) throw new Invalid(ORDER_MESSAGES.amountMismatch);
      if (checkout.status === 'ordered' && checkout.order_id) return summaryOf(checkout.order_id);
      if (checkout.status !== 'open') return refundAndRefuse(checkout.id);
      const intent = await callProvider(() => provider.retrieveIntent(checkout.payment_intent_id!));
      if (!intent) throw new NotFound(ORDER_MESSAGES.unknownPayment);
      return settle(checkout, intent);
    },

    /** A provider event (webhook): a succeeded intent becomes its order if the browser never came back. */
    async handleEvent(event: ProviderEvent): Promise<'ordered' | 'ignored'> {
      if (event.type !== 'payment_intent.succeeded' || !event.intent) return 'ignored';
      const checkout = await uow.repos.checkouts.byIntent(event.intent.id);
      if (!checkout) return 'ignored'; // not one of our checkouts (another integration on the account)
      if (checkout.status === 'ordered') return 'ordered';
      try {
        // The event's copy is signed, but the provider's current state is what counts.
        const intent = await callProvider(() => provider.retrieveIntent(event.intent!.id));
        if (intent) await settle(checkout, intent);
      } catch (err) {
        if (err instanceof Conflict) return 'ignored'; // refused and refunded: nothing to retry
        throw err;
      }
      return 'ordered';
    },

    /**
     * Finishes checkouts left open by a crash or a lost webhook: paid ones become orders, refunds
     * that did not go through are sent again. Run at start and now and then.
     */
    async reconcile(maxAgeMs = 2 * 24 * 3600 * 1000, limit = 500): Promise<{ ordered: number; refunded: number }> {
      let ordered = 0;
      let refunded = 0;
      for (const checkout of await uow.repos.checkouts.unsettled(new Date(now().getTime() - maxAgeMs), limit)) {
        try {
          if (checkout.status === 'refund_pending') {
            await refundAndRefuse(checkout.id).catch((e: unknown) => { if (!(e instanceof Conflict)) throw e; });
            refunded += 1;
            continue;
          }
          const intent = await callProvider(() => provider.retrieveIntent(checkout.payment_intent_id!));
          if (intent?.status !== 'succeeded') continue;
          await settle(checkout, intent).then(() => { ordered += 1; }, (e: unknown) => {
            if (!(e instanceof Conflict)) throw e;
            refunded += 1;
          });
        } catch (err) {
          log.warn({ err, checkoutId: checkout.id }, 'reconciliation of a checkout failed; next run retries');
        }
      }
      return { ordered, refunded };
    },
  };

  async function voucherOrder(user: UserCaller, body: CreateCartOrderBody): Promise<OrderSummary> {
    if (body.amount !== undefined && body.amount !== 0) throw new Invalid(ORDER_MESSAGES.voucherNotFree);
    const placed = await uow.transaction(async (repos) => {
      const cart = await repos.carts.find({ userId: user.userId }, { forUpdate: true });
      // Sent again (a double click, a retry after a lost answer): the same order.
      const earlier = body.orderId ? await repos.orders.byRef(body.orderId) : undefined;
      if (earlier) {
        if (earlier.user_id !== user.userId || earlier.payment_method !== 'vouchers') throw new Conflict(ORDER_MESSAGES.orderRefTaken);
        return { orderId: earlier.id, created: false };
      }
      const priced = await pricedCart(repos, user);
      // The cart's coupon was used up (or expired) since it was applied: the answer placeOrder gives
      // when that happens during the order, so buyers who lose the race to a one-use coupon hear the same.
      if (!priced.coupon && priced.cart.coupon_code) throw new Conflict(CART_MESSAGES.invalidCoupon);
      if (!priced.coupon || priced.totalCents !== 0) throw new Invalid(ORDER_MESSAGES.voucherNotFree);
      try {
        const order = await placeOrder(repos, {
          userId: user.userId, paymentMethod: 'vouchers', paymentIntentId: null, amountCents: 0, couponCode: priced.coupon.code,
          lines: priced.lines, cartId: cart!.id, now: now(), orderRef: body.orderId,
        });
        return { orderId: order.id, created: true };
      } catch (err) {
        if (isOrderRefusal(err)) throw new Conflict(err.voucherMessage);
        throw err;
      }
    });
    if (placed.created) await deps.confirmOrder(placed.orderId);
    return summaryOf(placed.orderId);
  }
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

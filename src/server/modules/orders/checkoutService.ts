import crypto from 'node:crypto';
import type {
  CreateCartOrderBody,
  CreatePaymentIntentBody,
  OrderSummary,
  PaymentIntent,
} from '../../../shared/contract/orders';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { dollarsToCents } from '../../../shared/money';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/domainErrors';
import { assertOwnUserId, type UserCaller } from '../../platform/callerIdentity';
import type { ProviderEvent } from '../payments/provider';
import type { SettingsRepositories } from '../settings/repositories';
import { pricedCart } from './pricedCart';
import type { CartToOrderRepositories } from './repositories';
import { reconcileCheckouts } from './reconcile';
import { callProvider, createSettlement, type SettlementDeps } from './settlement';
import { createVoucherCheckout } from './voucherCheckout';
import { fieldProblem } from '../../platform/fieldProblem';

/** Beside what settlement uses, the installation id kept in the settings (settings module). */
type Deps = Omit<SettlementDeps, 'now' | 'uow'> & {
  uow: UnitOfWork<CartToOrderRepositories & SettingsRepositories>;
  now?: () => number;
  /** The reconciliation's other half: finishes the console's refunds the provider has not done yet. */
  finishOrderRefunds?: () => Promise<number>;
};

/**
 * Checkout: the payment intent for a cart, and the order once the provider says the intent was
 * paid. The provider is always asked outside a transaction; the order is made inside one that takes
 * the seats, redeems the coupon and empties the cart, or none of it (settlement.ts). The same intent
 * gives the same order whoever asks (the browser, a retry, the webhook), and a payment that cannot
 * become an order is refunded in full.
 */
export function createCheckoutService(deps: Deps) {
  const { uow, provider } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const settlement = createSettlement({ ...deps, now });
  const { settle, refundAndRefuse, summaryOf } = settlement;
  const voucherOrder = createVoucherCheckout({
    uow,
    confirmOrder: deps.confirmOrder,
    now,
    summaryOf,
    liveMinutes: deps.liveMinutes,
  });
  /**
   * This database's random id, part of every intent's idempotency key: two shops on one Stripe
   * account (a staging copy, two developers on the same test keys) must never get each other's
   * intents back for the same cart id and version.
   */
  let installation: Promise<string> | null = null;
  const installationId = () =>
    (installation ??= uow.repos.settings.getOrCreate('payments.installation_id', crypto.randomUUID()));

  return {
    async createPaymentIntent(user: UserCaller, body: CreatePaymentIntentBody): Promise<PaymentIntent> {
      assertOwnUserId(user, body.userId);
      const priced = await pricedCart(uow.repos, user, now(), deps.liveMinutes);
      if (priced.totalCents === 0) throw new Conflict(ORDER_MESSAGES.nothingToPay);
      if (body.amount !== priced.totalCents) throw new Invalid(ORDER_MESSAGES.amountMismatch);
      const { cart } = priced;
      const open = await uow.repos.checkouts.findOpen(cart.id, cart.version, provider.kind, priced.totalCents);
      const reusable = open?.payment_intent_id
        ? await callProvider(() => provider.retrieveIntent(open.payment_intent_id!))
        : null;
      if (reusable && (reusable.status === 'requires_payment_method' || reusable.status === 'requires_action')) {
        return {
          client_secret: reusable.clientSecret,
          paymentIntentId: reusable.id,
          amount: reusable.amountCents,
          provider: provider.kind,
        };
      }
      // Paid already (the browser was lost before it came back): make that order instead of a second charge.
      if (open && reusable?.status === 'succeeded') {
        await settle(open, reusable);
        throw new Conflict(ORDER_MESSAGES.alreadyPaid);
      }
      const attempt = open ? `-${open.id}` : '';
      const installId = await installationId();
      const intent = await callProvider(() =>
        provider.createIntent({
          amountCents: priced.totalCents,
          currency: 'usd',
          idempotencyKey: `checkout-${installId}-${cart.id}-v${cart.version}-${priced.totalCents}${attempt}`,
          metadata: { user_id: String(user.userId), cart_id: String(cart.id), cart_version: String(cart.version) },
          description: `AllAccess: ${priced.lines.length} event${priced.lines.length === 1 ? '' : 's'}`,
        }),
      );
      await uow.repos.checkouts.create({
        userId: user.userId,
        cartId: cart.id,
        cartVersion: cart.version,
        provider: provider.kind,
        paymentIntentId: intent.id,
        amountCents: priced.totalCents,
        couponCode: priced.coupon?.code ?? null,
        lines: priced.lines,
      });
      return {
        client_secret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amountCents,
        provider: provider.kind,
      };
    },

    /** The browser's "it succeeded": believed only once the provider confirms it. */
    async createCartOrder(user: UserCaller, body: CreateCartOrderBody): Promise<OrderSummary> {
      assertOwnUserId(user, body.userId);
      if (body.paymentMethod === 'vouchers') return voucherOrder(user, body);
      if (!body.paymentIntentId)
        throw new Invalid(fieldProblem('body', ['paymentIntentId'], ORDER_MESSAGES.paymentIntentRequired));
      const checkout = await uow.repos.checkouts.byIntent(body.paymentIntentId);
      if (!checkout) throw new NotFound(ORDER_MESSAGES.unknownPayment);
      if (checkout.user_id !== user.userId) throw new Forbidden(ORDER_MESSAGES.notYourPayment);
      if (body.amount !== undefined && dollarsToCents(body.amount) !== checkout.amount_cents)
        throw new Invalid(ORDER_MESSAGES.amountMismatch);
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
     * Finishes checkouts left unsettled by a crash or a lost webhook (see reconcile.ts), and the
     * console's refunds the provider has not done yet (orders/refundService.ts).
     */
    async reconcile(maxAgeMs?: number, limit?: number) {
      const checkouts = await reconcileCheckouts({ ...deps, now }, settlement, maxAgeMs, limit);
      const orderRefunds = (await deps.finishOrderRefunds?.()) ?? 0;
      return { ...checkouts, refunded: checkouts.refunded + orderRefunds };
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

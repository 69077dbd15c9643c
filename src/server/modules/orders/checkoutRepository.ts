import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CheckoutLine, CheckoutsTable } from '../../db/schema';

export type CheckoutRow = Selectable<CheckoutsTable>;
export type NewCheckout = {
  userId: number;
  cartId: number;
  cartVersion: number;
  provider: string;
  paymentIntentId: string;
  amountCents: number;
  couponCode: string | null;
  lines: CheckoutLine[];
};

/**
 * SQL of checkouts: what one payment intent pays for, frozen when the intent was made, and where
 * it went (ordered, or refunded because the order could not be made).
 */
export function createCheckoutRepository(db: Executor) {
  const checkouts = () => db.selectFrom('checkouts').selectAll();
  return {
    /** The open checkout of this cart version and amount, to reuse its intent. */
    findOpen(
      cartId: number,
      cartVersion: number,
      provider: string,
      amountCents: number,
    ): Promise<CheckoutRow | undefined> {
      return checkouts()
        .where('cart_id', '=', cartId)
        .where('cart_version', '=', cartVersion)
        .where('provider', '=', provider)
        .where('amount_cents', '=', amountCents)
        .where('status', '=', 'open')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    /** Records the checkout of a new intent; the intent's id is unique, so a second record is the first. */
    async create(c: NewCheckout): Promise<CheckoutRow> {
      await db
        .insertInto('checkouts')
        .values({
          user_id: c.userId,
          cart_id: c.cartId,
          cart_version: c.cartVersion,
          provider: c.provider,
          payment_intent_id: c.paymentIntentId,
          amount_cents: c.amountCents,
          coupon_code: c.couponCode,
          lines: JSON.stringify(c.lines),
        })
        .onConflict((oc) => oc.column('payment_intent_id').doNothing())
        .execute();
      return checkouts().where('payment_intent_id', '=', c.paymentIntentId).executeTakeFirstOrThrow();
    },
    byId(id: number): Promise<CheckoutRow | undefined> {
      return checkouts().where('id', '=', id).executeTakeFirst();
    },
    byIntent(paymentIntentId: string): Promise<CheckoutRow | undefined> {
      return checkouts().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
    },
    /** Locks the checkout until the transaction ends: the browser, the webhook and a retry take turns. */
    lock(id: number): Promise<CheckoutRow> {
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      return checkouts().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    },
    async markOrdered(id: number, orderId: number): Promise<void> {
      await db
        .updateTable('checkouts')
        .set({ status: 'ordered', order_id: orderId, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    /** An order that cannot be made: the payment is to be refunded. Only an open checkout moves. */
    async markRefundPending(id: number, reason: string): Promise<void> {
      await db
        .updateTable('checkouts')
        .set({ status: 'refund_pending', refund_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },
    async markRefunded(id: number): Promise<void> {
      await db
        .updateTable('checkouts')
        .set({ status: 'refunded', updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'refund_pending')
        .execute();
    },
    /** Checkouts that may have been paid without an order yet, or await their refund (reconciliation). */
    unsettled(since: Date, limit: number): Promise<CheckoutRow[]> {
      return checkouts()
        .where('status', 'in', ['open', 'refund_pending'])
        .where('created_at', '>=', since)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

import { sql } from 'kysely';
import type { GuaranteeRemedy } from '../../db/schema';
import type { Executor } from '../../db/executor';

/**
 * SQL of the make-good, part of the guarantee repository (guaranteeRepository.ts gathers it): the
 * fan's choice of remedy, the order it refunds, and the credit it issues.
 */
export function remedyQueriesOf(db: Executor) {
  return {
    /**
     * The fan's choice, once: only while none was made (a second call, or a double click, finds one).
     * True when this call made it.
     */
    async chooseRemedy(
      userId: number,
      eventId: number,
      remedy: GuaranteeRemedy,
      at: Date,
      creditCode: string | null,
    ): Promise<boolean> {
      const r = await db
        .updateTable('guarantee_decisions')
        .set({ remedy, remedy_at: at, credit_code: creditCode })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('remedy', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Takes back a refund choice whose refund was never claimed (the claim failed on something other
     * than the provider), so the fan's next click tries again instead of reading "chosen already".
     * A claimed refund (a `refunds` row) stands: the reconciliation job finishes it.
     */
    async withdrawUnclaimedRefund(userId: number, eventId: number, orderId: number): Promise<void> {
      await db
        .updateTable('guarantee_decisions')
        .set({ remedy: null, remedy_at: null })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('remedy', '=', 'refund')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('refunds').select('order_id').where('order_id', '=', orderId))))
        .execute();
    },

    /** What the make-good needs of the ticket's order: its state, its line's paid price, its events. */
    async orderFacts(orderId: number, eventId: number) {
      const { rows } = await sql<{
        status: string;
        price_cents: number;
        events: string;
        refunded: boolean;
      }>`
      select o.status,
             (select oi.price_cents from order_items oi
               where oi.order_id = o.id and oi.event_id = ${eventId}) as price_cents,
             (select count(*) from order_items oi where oi.order_id = o.id) as events,
             exists (select 1 from refunds r where r.order_id = o.id) as refunded
        from orders o where o.id = ${orderId}`.execute(db);
      const r = rows[0];
      return r
        ? { status: r.status, priceCents: Number(r.price_cents ?? 0), events: Number(r.events), refunded: r.refunded }
        : undefined;
    },

    /** The credit: a coupon of the line's paid price, for one use, until `endsAt`. False when the code is taken. */
    async insertCredit(code: string, amountCents: number, at: Date, endsAt: Date): Promise<boolean> {
      const made = await db
        .insertInto('coupons')
        .values({
          code,
          kind: 'fixed',
          percent_off: null,
          amount_off_cents: amountCents,
          starts_at: at,
          ends_at: endsAt,
          max_redemptions: 1,
          per_user_limit: 1,
          event_id: null,
          created_at: at,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      return made !== undefined;
    },
  };
}

import type { Executor } from '../../db/executor';

/** Webhook events already handled, by the provider's event id: a redelivery is answered, not redone. */
export function createPaymentEventRepository(db: Executor) {
  return {
    async seen(id: string): Promise<boolean> {
      return !!(await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst());
    },
    async record(id: string, type: string): Promise<void> {
      await db
        .insertInto('payment_events')
        .values({ id, type })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { SandboxIntentsTable } from '../../db/schema';

export type SandboxIntentRow = Selectable<SandboxIntentsTable>;

/** SQL of the sandbox provider's payment intents (its stand-in for Stripe's records). */
export function createSandboxRepository(db: Executor) {
  const intents = () => db.selectFrom('sandbox_intents').selectAll();
  return {
    /** Creates the intent unless one exists under this idempotency key; answers the stored one. */
    async create(row: {
      id: string;
      client_secret: string;
      idempotency_key: string;
      amount_cents: number;
      currency: string;
      metadata: Record<string, string>;
      description: string;
    }): Promise<SandboxIntentRow> {
      await db
        .insertInto('sandbox_intents')
        .values({ ...row, metadata: JSON.stringify(row.metadata) })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return intents().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
    },
    byId(id: string): Promise<SandboxIntentRow | undefined> {
      return intents().where('id', '=', id).executeTakeFirst();
    },
    byClientSecret(secret: string): Promise<SandboxIntentRow | undefined> {
      return intents().where('client_secret', '=', secret).executeTakeFirst();
    },
    /** Moves the intent from one of `from` to `to`; false when it was no longer in one of them (a race). */
    async transition(
      id: string,
      from: string[],
      to: { status: string; card_last4?: string | null; last_error_code?: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_intents')
        .set({ ...to, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Refunds a succeeded intent once; a second call with any key changes nothing. */
    async refund(id: string, key: string): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_intents')
        .set({ refund_key: key, refunded_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'succeeded')
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;

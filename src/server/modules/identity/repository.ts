import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, LoginCodesTable, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type CodeRow = Selectable<LoginCodesTable>;
type Db = Kysely<DB> | Transaction<DB>;

/** SQL of users, codes and failures. E-mail addresses are compared lower-cased. */
export function createIdentityRepository(db: Kysely<DB>) {
  return {
    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(work),

    userByEmail(email: string, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },
    userById(id: number, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    userByGoogleSub(sub: string, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },
    async createUser(user: { email: string; firstName: string; lastName: string; verified: boolean; googleSub?: string }, trx: Db = db): Promise<UserRow> {
      return trx.insertInto('users')
        .values({ email: user.email.toLowerCase(), first_name: user.firstName, last_name: user.lastName, verified: user.verified, google_sub: user.googleSub ?? null })
        .returningAll().executeTakeFirstOrThrow();
    },
    async updateUser(id: number, changes: Partial<{ first_name: string; last_name: string; verified: boolean; google_sub: string }>, trx: Db = db): Promise<UserRow> {
      return trx.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },
    async revokeTokens(id: number, atMs: number): Promise<void> {
      await db.updateTable('users').set({ tokens_valid_after: atMs }).where('id', '=', id).execute();
    },
    async tokensValidAfter(id: number): Promise<number | null | undefined> {
      const row = await db.selectFrom('users').select('tokens_valid_after').where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : row.tokens_valid_after === null ? null : Number(row.tokens_valid_after);
    },

    /** Serializes code requests for one address until the transaction ends (works on PGlite too). */
    async lockEmail(email: string, trx: Transaction<DB>): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in-code:${email}`}, 0))`.execute(trx);
    },
    latestCode(email: string, trx: Db = db): Promise<CodeRow | undefined> {
      return trx.selectFrom('login_codes').selectAll().where('email', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    /** The newest code for this e-mail, locked until the transaction ends (two verifications never both win). */
    latestCodeForUpdate(email: string, trx: Transaction<DB>): Promise<CodeRow | undefined> {
      return trx.selectFrom('login_codes').selectAll().where('email', '=', email).orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
    },
    async storeCode(code: { email: string; purpose: 'login' | 'register'; codeHash: string; createdAt: Date; expiresAt: Date }, trx: Db = db): Promise<number> {
      // A new code replaces the ones before it.
      await trx.updateTable('login_codes').set({ consumed_at: code.createdAt }).where('email', '=', code.email).where('consumed_at', 'is', null).execute();
      const row = await trx.insertInto('login_codes')
        .values({ email: code.email, purpose: code.purpose, code_hash: code.codeHash, created_at: code.createdAt, expires_at: code.expiresAt })
        .returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async countAttempt(codeId: number, trx: Db = db): Promise<number> {
      const row = await trx.updateTable('login_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', codeId)
        .returning('attempts').executeTakeFirstOrThrow();
      return row.attempts;
    },
    async consumeCode(codeId: number, at: Date, trx: Db = db): Promise<void> {
      await trx.updateTable('login_codes').set({ consumed_at: at }).where('id', '=', codeId).execute();
    },
    async recordFailure(email: string, at: Date, trx: Db = db): Promise<void> {
      await trx.insertInto('login_failures').values({ email, failed_at: at }).execute();
    },
    async failuresSince(email: string, since: Date, trx: Db = db): Promise<number> {
      const row = await trx.selectFrom('login_failures').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('email', '=', email).where('failed_at', '>', since).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

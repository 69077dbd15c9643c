import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { LoginCodesTable, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
type CodeRow = Selectable<LoginCodesTable>;

/** Users: found by address, id or Google account, created, changed, their tokens revoked. */
function usersOf(db: Executor) {
  return {
    userByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    userById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    userByGoogleSub(sub: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },
    async createUser(user: {
      email: string;
      firstName: string;
      lastName: string;
      verified: boolean;
      googleSub?: string;
    }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          email: user.email.toLowerCase(),
          first_name: user.firstName,
          last_name: user.lastName,
          verified: user.verified,
          google_sub: user.googleSub ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async updateUser(
      id: number,
      changes: Partial<{ first_name: string; last_name: string; verified: boolean; google_sub: string }>,
    ): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async revokeTokens(id: number, atMs: number): Promise<void> {
      await db.updateTable('users').set({ tokens_valid_after: atMs }).where('id', '=', id).execute();
    },
    async tokensValidAfter(id: number): Promise<number | null | undefined> {
      const row = await db.selectFrom('users').select('tokens_valid_after').where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : row.tokens_valid_after === null ? null : Number(row.tokens_valid_after);
    },
  };
}

/** Sign-in codes: one address's requests serialized, the latest code, its attempts and its use. */
function signInCodesOf(db: Executor) {
  /** Row locks and transaction-scoped locks mean nothing outside a transaction: refuse to pretend. */
  const inTransaction = (what: string) => {
    if (!db.isTransaction) throw new Error(`${what} needs a transaction (use the unit of work)`);
  };

  return {
    /** Serializes code requests for one address until the transaction ends (works on PGlite too). */
    async lockEmail(email: string): Promise<void> {
      inTransaction('lockEmail');
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in-code:${email}`}, 0))`.execute(db);
    },
    latestCode(email: string): Promise<CodeRow | undefined> {
      return db
        .selectFrom('login_codes')
        .selectAll()
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** The newest code for this e-mail, locked until the transaction ends (two verifications never both win). */
    async latestCodeForUpdate(email: string): Promise<CodeRow | undefined> {
      inTransaction('latestCodeForUpdate');
      return db
        .selectFrom('login_codes')
        .selectAll()
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
    },
    async storeCode(code: {
      email: string;
      purpose: 'login' | 'register';
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<number> {
      // A new code replaces the ones before it.
      await db
        .updateTable('login_codes')
        .set({ consumed_at: code.createdAt })
        .where('email', '=', code.email)
        .where('consumed_at', 'is', null)
        .execute();
      const row = await db
        .insertInto('login_codes')
        .values({
          email: code.email,
          purpose: code.purpose,
          code_hash: code.codeHash,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async countAttempt(codeId: number): Promise<number> {
      const row = await db
        .updateTable('login_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', codeId)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return row.attempts;
    },
    async consumeCode(codeId: number, at: Date): Promise<void> {
      await db.updateTable('login_codes').set({ consumed_at: at }).where('id', '=', codeId).execute();
    },
  };
}

/** Failed sign-ins, counted per address and per client over a window, and swept. */
function signInFailuresOf(db: Executor) {
  return {
    async recordFailure(email: string, client: string, at: Date): Promise<void> {
      await db.insertInto('login_failures').values({ email, client, failed_at: at }).execute();
    },
    async failuresSince(email: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('email', '=', email)
        .where('failed_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async clientFailuresSince(client: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client', '=', client)
        .where('failed_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Failures older than every window that reads them are of no use: deleted in batches. */
    async deleteFailuresBefore(before: Date, batch: number): Promise<number> {
      const rows = await db
        .deleteFrom('login_failures')
        .where(sql<boolean>`ctid in (select ctid from login_failures where failed_at < ${before} limit ${batch})`)
        .executeTakeFirst();
      return Number(rows.numDeletedRows);
    },
  };
}

/**
 * SQL of users, codes and failures, over the handle it was built with (the database, or a
 * transaction from the unit of work). E-mail addresses are compared lower-cased.
 */
export function createIdentityRepository(db: Executor) {
  return {
    ...usersOf(db),
    ...signInCodesOf(db),
    ...signInFailuresOf(db),
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

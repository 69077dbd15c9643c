import type { Kysely } from 'kysely';
import { createAuthRepository } from '../modules/auth/repository';
import { createCouponRepository } from '../modules/cart/couponRepository';
import { createCartRepository } from '../modules/cart/repository';
import { createIdentityRepository } from '../modules/identity/repository';
import { createOutboxRepository } from '../modules/mail/outboxRepository';
import { createSettingsRepository } from '../modules/misc/repository';
import { createCheckoutRepository } from '../modules/orders/checkoutRepository';
import { createOrderRepository } from '../modules/orders/repository';
import { createPaymentEventRepository } from '../modules/payments/paymentEventRepository';
import { createSandboxRepository } from '../modules/payments/sandboxRepository';
import { createViewingSessionRepository } from '../modules/streams/viewingSessionRepository';
import type { DB } from './schema';
import type { Executor } from './executor';

/** Every repository, built over one handle: the shared database, or one transaction. */
export function createRepositories(db: Executor) {
  return {
    identity: createIdentityRepository(db),
    guests: createAuthRepository(db),
    carts: createCartRepository(db),
    coupons: createCouponRepository(db),
    orders: createOrderRepository(db),
    checkouts: createCheckoutRepository(db),
    sandbox: createSandboxRepository(db),
    paymentEvents: createPaymentEventRepository(db),
    settings: createSettingsRepository(db),
    outbox: createOutboxRepository(db),
    viewingSessions: createViewingSessionRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The one owner of transactions: `work` gets repositories bound to a new transaction, which commits
 * when it resolves and rolls back when it throws. Nothing else calls db.transaction(), and no
 * repository method takes a handle of its own (a forgotten one would hang PGlite, whose single
 * session the transaction holds, or silently run outside the transaction on PostgreSQL).
 * Never call a payment provider, mail or any other network service inside `work`.
 */
export function withTransaction<T>(db: Kysely<DB>, work: (repos: Repositories) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(createRepositories(trx)));
}

/** What services are given: repositories for single statements, and transactions for the rest. */
export type UnitOfWork = {
  repos: Repositories;
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
};

export function createUnitOfWork(db: Kysely<DB>): UnitOfWork {
  return { repos: createRepositories(db), transaction: (work) => withTransaction(db, work) };
}

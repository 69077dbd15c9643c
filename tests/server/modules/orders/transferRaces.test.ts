// @databases postgres: a race needs concurrent sessions; PGlite has one
import { sql } from 'kysely';
import { ORDER_MANAGE_MESSAGES as M } from '../../../../src/shared/contract/orderManage';
import type { Database } from '../../../../src/server/db/database';
import type { UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import type { Mail } from '../../../../src/server/modules/mail/mailer';
import type { TransferRepository } from '../../../../src/server/modules/orders/transferRepository';
import { createTransferService } from '../../../../src/server/modules/orders/transferService';
import type { UserCaller } from '../../../../src/server/platform/callerIdentity';
import type { Repositories } from '../../../../src/server/repositories';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';

/**
 * Ten transfers of one ticket to ten addresses at once, on PostgreSQL (PGlite runs one statement at
 * a time): exactly one goes through (one transfer row, one receiver order, one receiver mail), the
 * others hear 'This ticket was already handed on.'. The control takes the guards out (the tickets'
 * turn, the transfer's primary key, the line's conditional update) and shows the ticket handed to
 * several people. And ten sign-ins of one receiver at once claim a pending transfer once.
 */
const AT_ONCE = 10;
let database: Database;
let eventId: number;
const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await openRaceDatabase();
  await importCatalog(database.db, {
    events: [{ path: 'race-transfer', title: 'Transfer race', isPremium: true, price: 20 }],
  });
  eventId = (
    await database.db.selectFrom('events').select('id').where('path', '=', 'race-transfer').executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(() => database?.close());

let people = 0;
async function person(label: string) {
  people += 1;
  const email = `race-transfer-${label}-${people}@example.com`;
  const user = await database.db
    .insertInto('users')
    .values({ email, first_name: 'Race', last_name: label, verified: true })
    .returning(['id', 'email', 'verified'])
    .executeTakeFirstOrThrow();
  return user;
}

/** A buyer holding one ticket of the race's event (an order with its cart id, as checkout makes it). */
async function sender() {
  const user = await person('sender');
  const order = await database.db
    .insertInto('orders')
    .values({
      order_ref: `ORD-${Date.now()}${people}`,
      user_id: user.id,
      cart_id: sql<number>`nextval(pg_get_serial_sequence('carts', 'id'))`,
      payment_method: 'stripe',
      amount_cents: 2000,
    })
    .returning(['id', 'cart_id'])
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('order_items')
    .values({ order_id: order.id, event_id: eventId, price_cents: 2000, list_price_cents: 2000 })
    .execute();
  const caller: UserCaller = { kind: 'user', userId: user.id, email: user.email, name: 'Race Sender' };
  return { caller, orderId: order.id, cartId: order.cart_id! };
}

function transfersOver(uow: UnitOfWork<Repositories>) {
  const mails: Mail[] = [];
  const service = createTransferService({
    uow,
    mailer: { kind: 'outbox', send: async (m) => void mails.push(m), close: async () => {} },
    publicUrl: 'http://shop.test',
    log,
  });
  return { service, mails };
}

/** Ten receivers with accounts, and the burst of ten transfers of the sender's ticket, one to each. */
async function burst(uow: UnitOfWork<Repositories>) {
  const from = await sender();
  const receivers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => person(`to${i}`)));
  const { service, mails } = transfersOver(uow);
  const results = await Promise.allSettled(
    receivers.map((r) => service.transfer(from.caller, from.cartId, eventId, r.email)),
  );
  const received = await database.db
    .selectFrom('orders')
    .select('id')
    .where(
      'user_id',
      'in',
      receivers.map((r) => r.id),
    )
    .execute();
  const rows = await database.db
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('order_id', '=', from.orderId)
    .execute();
  const receiverMails = mails.filter((m) => m.template === 'ticket-received');
  return { results, received, rows, receiverMails };
}

it(`${AT_ONCE} transfers of one ticket at once: exactly one goes through`, async () => {
  const { results, received, rows, receiverMails } = await burst(unitOfWorkWith(database, 'transfers', () => ({})));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  expect(refused).toEqual(Array(AT_ONCE - 1).fill(M.alreadyTransferred));
  expect(rows).toHaveLength(1);
  expect(received).toHaveLength(1);
  expect(receiverMails).toHaveLength(1);
}, 60_000);

it('control: without the ticket turn, the primary key and the conditional line update, several receivers get it', async () => {
  const unguarded = unitOfWorkWith(database, 'transfers', (repo, trx): Partial<TransferRepository> => ({
    lockTickets: async () => {},
    async line(orderId, evId) {
      const line = await repo.line(orderId, evId);
      await pause(30); // the window a busy database opens between the check and the write
      return line;
    },
    insert: (t) =>
      trx
        .insertInto('ticket_transfers')
        .values({ order_id: t.orderId, event_id: t.eventId, from_user_id: t.fromUserId, to_email: t.toEmail })
        .onConflict((oc) => oc.columns(['order_id', 'event_id']).doUpdateSet({ to_email: t.toEmail, claimed_at: null }))
        .returningAll()
        .executeTakeFirst(),
    markLineTransferred: async (orderId, evId, at) => {
      await trx
        .updateTable('order_items')
        .set({ transferred_at: at })
        .where('order_id', '=', orderId)
        .where('event_id', '=', evId)
        .execute();
      return true;
    },
  }));
  const { results, received, receiverMails } = await burst(unguarded);
  expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(1);
  expect(received.length).toBeGreaterThan(1);
  expect(receiverMails.length).toBeGreaterThan(1);
}, 60_000);

it(`${AT_ONCE} sign-ins of one receiver at once claim a pending transfer once`, async () => {
  const from = await sender();
  const email = `race-transfer-later-${Date.now()}@example.com`;
  const { service } = transfersOver(unitOfWorkWith(database, 'transfers', () => ({})));
  await service.transfer(from.caller, from.cartId, eventId, email);
  const user = await database.db
    .insertInto('users')
    .values({ email, first_name: 'Late', last_name: 'Comer', verified: true })
    .returning(['id', 'email', 'verified'])
    .executeTakeFirstOrThrow();

  const given = await Promise.all(Array.from({ length: AT_ONCE }, () => service.claimPending(user)));

  expect(given.reduce((a, b) => a + b, 0)).toBe(1);
  expect(await database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
}, 60_000);

/** Ten buyers handing their tickets of one event to the same new address, all at once. */
async function toOneAddress(uow: UnitOfWork<Repositories>) {
  const senders = await Promise.all(Array.from({ length: AT_ONCE }, () => sender()));
  const email = `race-transfer-popular-${Date.now()}@example.com`;
  const { service } = transfersOver(uow);
  const results = await Promise.allSettled(senders.map((s) => service.transfer(s.caller, s.cartId, eventId, email)));
  const rows = await database.db
    .selectFrom('ticket_transfers')
    .select('order_id')
    .where('to_email', '=', email)
    .execute();
  return { results, rows, email };
}

it(`${AT_ONCE} buyers hand a ticket of one event to one new address at once: one waits for it, the rest keep theirs`, async () => {
  const { results, rows } = await toOneAddress(unitOfWorkWith(database, 'transfers', () => ({})));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  expect(refused).toEqual(Array(AT_ONCE - 1).fill(M.receiverWaiting));
  expect(rows).toHaveLength(1);
  // The refused senders still hold their lines.
  expect(
    await database.db
      .selectFrom('order_items')
      .select('order_id')
      .where('event_id', '=', eventId)
      .where('transferred_at', 'is not', null)
      .where('order_id', 'in', rows.map((r) => r.order_id).concat(-1))
      .execute(),
  ).toHaveLength(1);
}, 60_000);

it('control: without the unique index (and a check that sees nothing yet), one address is sent several', async () => {
  await sql`drop index ticket_transfers_waiting_idx`.execute(database.db);
  try {
    const blind = unitOfWorkWith(database, 'transfers', (): Partial<TransferRepository> => ({
      async waitingFor() {
        await pause(30); // the window between the check and the write
        return false;
      },
    }));
    const { results, rows, email } = await toOneAddress(blind);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(1);
    expect(rows.length).toBeGreaterThan(1);
    await database.db.deleteFrom('ticket_transfers').where('to_email', '=', email).execute();
  } finally {
    await sql`
      create unique index ticket_transfers_waiting_idx on ticket_transfers (event_id, lower(to_email))
        where claimed_at is null
    `.execute(database.db);
  }
}, 60_000);

// @databases both: transactions — a change and its audit row commit or roll back together
import { sql } from 'kysely';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';

/**
 * "Audited in the same transaction", proved by the database refusing one half: a console change
 * whose audit entry cannot be written does not happen (coupons, events, refunds), and a change the
 * database refuses at commit, after its audit entry was written, leaves no audit entry behind. The
 * refusals are real: a trigger in this file's own database, dropped once the call is made.
 */
let x: SalesTestApp;
beforeAll(async () => {
  x = await salesTestApp();
  await sql`create function refused_by_test() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test on %', tg_table_name; end $$`.execute(x.db);
}, 60_000);
afterAll(() => x?.t.close());

/** Runs `call` while the database refuses every audit entry (the insert itself fails). */
async function auditRefused<T>(call: () => Promise<T>): Promise<T> {
  await sql`create trigger refuse_audit before insert on audit_log
    for each row execute function refused_by_test()`.execute(x.db);
  try {
    return await call();
  } finally {
    await sql`drop trigger refuse_audit on audit_log`.execute(x.db);
  }
}

/** Runs `call` while the database refuses, at commit (after the audit entry was written), any `event` on `table`. */
async function refusedAtCommit<T>(table: string, event: 'insert' | 'update', call: () => Promise<T>): Promise<T> {
  await sql`create constraint trigger refuse_at_commit after ${sql.raw(event)} on ${sql.table(table)}
    deferrable initially deferred for each row execute function refused_by_test()`.execute(x.db);
  try {
    return await call();
  } finally {
    await sql`drop trigger refuse_at_commit on ${sql.table(table)}`.execute(x.db);
  }
}

const auditOf = (subjectType: string, subjectId: string | number) =>
  x.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .execute();

const studioCall = (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: x.organizer.authorization! },
    payload,
  });

describe('coupons', () => {
  const coupon = (code: string) => ({ code, kind: 'percent', percentOff: 10, eventIds: [x.ids['cart-a']] });
  const couponRow = (code: string) =>
    x.db.selectFrom('coupons').select(['code', 'disabled_at']).where('code', '=', code).executeTakeFirst();

  it('is not made when its audit entry cannot be written', async () => {
    const res = await auditRefused(() => studioCall('POST', '/coupons', coupon('AUDITLOST')));
    expect(res.statusCode).toBe(500);
    expect(await couponRow('AUDITLOST')).toBeUndefined();
    expect(
      await x.db.selectFrom('coupon_events').select('event_id').where('coupon_code', '=', 'AUDITLOST').execute(),
    ).toEqual([]);
  });

  it('is not disabled when its audit entry cannot be written', async () => {
    expect((await studioCall('POST', '/coupons', coupon('AUDITKEPT'))).statusCode).toBe(200);
    const res = await auditRefused(() => studioCall('POST', '/coupons/AUDITKEPT/disable'));
    expect(res.statusCode).toBe(500);
    expect(await couponRow('AUDITKEPT')).toEqual({ code: 'AUDITKEPT', disabled_at: null });
    expect(await auditOf('coupon', 'AUDITKEPT')).toEqual([{ action: 'coupon.create' }]);
  });

  it('refused at commit leaves no audit entry', async () => {
    const res = await refusedAtCommit('coupons', 'insert', () => studioCall('POST', '/coupons', coupon('AUDITGONE')));
    expect(res.statusCode).toBe(500);
    expect(await couponRow('AUDITGONE')).toBeUndefined();
    expect(await auditOf('coupon', 'AUDITGONE')).toEqual([]);
  });
});

describe('events', () => {
  const fields = { contentType: 'VOD', isPremium: true, price: 15, capacity: 1 };
  const eventRow = (id: number) =>
    x.db.selectFrom('events').select(['title', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  async function draft(title: string) {
    const created = await studioCall('POST', '/events', { ...fields, title });
    expect(created.statusCode).toBe(201);
    return created.json().data as { id: number; version: number };
  }

  it('is not changed when its audit entry cannot be written', async () => {
    const { id, version } = await draft('Audit Lost Before');
    const res = await auditRefused(() =>
      studioCall('PUT', `/events/${id}`, { ...fields, title: 'Audit Lost After', version }),
    );
    expect(res.statusCode).toBe(500);
    expect(await eventRow(id)).toEqual({ title: 'Audit Lost Before', version });
    expect(await auditOf('event', id)).toEqual([{ action: 'event.create' }]);
  });

  it('is not made when its audit entry cannot be written', async () => {
    const res = await auditRefused(() => studioCall('POST', '/events', { ...fields, title: 'Audit Never Made' }));
    expect(res.statusCode).toBe(500);
    expect(await x.db.selectFrom('events').select('id').where('title', '=', 'Audit Never Made').execute()).toEqual([]);
  });

  it('refused at commit leaves no audit entry', async () => {
    const { id, version } = await draft('Audit Gone Before');
    const res = await refusedAtCommit('events', 'update', () =>
      studioCall('PUT', `/events/${id}`, { ...fields, title: 'Audit Gone After', version }),
    );
    expect(res.statusCode).toBe(500);
    expect(await eventRow(id)).toEqual({ title: 'Audit Gone Before', version });
    expect(await auditOf('event', id)).toEqual([{ action: 'event.create' }]);
  });
});

describe('refunds', () => {
  const refund = (orderId: number) => studioCall('POST', `/orders/${orderId}/refund`);
  const orderStatus = async (orderId: number) =>
    (await x.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
  const refundRows = (orderId: number) =>
    x.db.selectFrom('refunds').select('status').where('order_id', '=', orderId).execute();
  const refundedAt = async (intentId: string) =>
    (
      await x.db
        .selectFrom('sandbox_intents')
        .select('refunded_at')
        .where('id', '=', intentId)
        .executeTakeFirstOrThrow()
    ).refunded_at;

  it('is not claimed, nor asked of the provider, when its audit entry cannot be written', async () => {
    const order = await x.cardOrder(await x.buyer(['cart-few'], 'auditlostfan'));
    const sold = await x.soldOf('cart-few');
    const res = await auditRefused(() => refund(order.id));
    expect(res.statusCode).toBe(500);
    expect(await refundRows(order.id)).toEqual([]);
    expect(await orderStatus(order.id)).toBe('Active');
    expect(await x.soldOf('cart-few')).toBe(sold);
    expect(await refundedAt(order.intentId)).toBeNull();
    // Nothing half-done stands in the way: refunding again, with the audit log back, refunds once.
    expect((await refund(order.id)).statusCode).toBe(200);
    expect(await auditOf('order', order.id)).toEqual([{ action: 'order.refund' }]);
  });

  it('refused at commit leaves no audit entry', async () => {
    const order = await x.cardOrder(await x.buyer(['cart-b'], 'auditgonefan'));
    const res = await refusedAtCommit('refunds', 'insert', () => refund(order.id));
    expect(res.statusCode).toBe(500);
    expect(await refundRows(order.id)).toEqual([]);
    expect(await orderStatus(order.id)).toBe('Active');
    expect(await auditOf('order', order.id)).toEqual([]);
  });
});

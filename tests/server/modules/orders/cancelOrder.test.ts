// @databases postgres: its outcome does not depend on the kind of database
import { ORDER_MANAGE_MESSAGES as M, cancelCutoff } from '../../../../src/shared/contract/orderManage';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { refundKey } from '../../../../src/server/modules/orders/refundService';
import type { Who } from '../../../utils/cart';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';
import { viewingDriver } from '../streams/viewingSessionFixture';

/**
 * The fan's own cancellation (POST /v1/order/{cartId}/cancel, GET …/manage): the whole order is
 * refunded once through the provider, access ends at once, the seat and the coupon use come back,
 * history says Cancelled, one cancellation mail, an audit entry with the fan as actor; every refusal
 * says why. Races (double cancel, the cutoff against an air-date move): cancelRaces.test.ts beside it.
 */
const HOUR = 3600_000;
let x: SalesTestApp;
const iso = (ms: number) => new Date(ms).toISOString();
beforeAll(async () => {
  x = await salesTestApp();
  const now = Date.now();
  await importCatalog(x.db, {
    events: [
      // Live in two days: before its 24 h cutoff.
      {
        path: 'cancel-live',
        title: 'Cancel Live',
        isPremium: true,
        price: 12,
        capacity: 5,
        contentType: 'Live',
        airStartDate: iso(now + 48 * HOUR),
        streams: demoStreams,
      },
      // Live in 12 hours: past its cutoff.
      {
        path: 'cancel-soon',
        title: 'Cancel Soon',
        isPremium: true,
        price: 8,
        contentType: 'Live',
        airStartDate: iso(now + 12 * HOUR),
      },
      // On demand, with streams, so it can be played.
      { path: 'cancel-vod', title: 'Cancel Vod', isPremium: true, price: 6, streams: demoStreams },
    ],
  });
  const rows = await x.db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'cancel-%').execute();
  for (const r of rows) x.ids[r.path] = r.id;
}, 60_000);
afterAll(() => x?.t.close());

const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/order${url}`,
    headers: { authorization: who.authorization! },
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
const cancel = (who: Who, cartId: number) => call('POST', `/${cartId}/cancel`, who);
const manage = (who: Who, cartId: number) => call('GET', `/${cartId}/manage`, who);
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const cancelMails = (email: string) =>
  x.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to_address', '=', email.toLowerCase())
    .where('subject', 'like', '%is cancelled')
    .execute();

describe('a card order the fan cancels before the cutoff', () => {
  it('refunds once at the provider, ends access, returns the seat, says Cancelled, mails once, audits the fan', async () => {
    const v = viewingDriver(x.t.app);
    const who = await x.buyer(['cancel-live'], 'canceller');
    const order = await x.cardOrder(who);
    expect(await x.soldOf('cancel-live')).toBe(1);
    const lookup = () => x.c.lookup(who, { userId: who.userId, assetId: x.ids['cancel-live'] });
    expect((await lookup()).json().data).toHaveLength(1);
    const event = await x.db
      .selectFrom('events')
      .select('air_start_date')
      .where('id', '=', x.ids['cancel-live']!)
      .executeTakeFirstOrThrow();

    const before = await manage(who, order.cartId);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      status: 'Active',
      cancel: { allowed: true, reason: null, until: cancelCutoff(new Date(event.air_start_date!), 24).toISOString() },
      tickets: [
        {
          eventId: x.ids['cancel-live'],
          title: 'Cancel Live',
          transfer: { allowed: true, reason: null, to: null, at: null },
        },
      ],
    });

    const res = await cancel(who, order.cartId);

    expect(answer(res)).toEqual([200, M.cancelled]);
    expect(res.json().data).toMatchObject({
      status: 'Cancelled',
      cancel: { allowed: false, reason: M.alreadyCancelled },
    });
    expect(
      await x.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirst(),
    ).toMatchObject({
      status: 'done',
      reason: 'cancel',
      attempts: 1,
      requested_by: who.userId,
    });
    const intent = await x.db
      .selectFrom('sandbox_intents')
      .selectAll()
      .where('id', '=', order.intentId)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ refund_key: refundKey(order.id), refunded_at: expect.any(Date) });
    // Access ends at once: the lookup is empty and a new play is refused.
    expect((await lookup()).json().data).toEqual([]);
    expect(answer(await v.open(who, String(x.ids['cancel-live'])))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    expect(await x.soldOf('cancel-live')).toBe(0);
    const history = (await x.c.history(who)).json().data.data;
    expect(history.map((r: { orderId: string; usageType: string }) => [r.orderId, r.usageType])).toEqual([
      [order.orderId, 'Cancelled'],
    ]);
    expect((await x.c.details(who, order.cartId)).json().data.order.status).toBe('Cancelled');
    const mails = await cancelMails(await x.emailOf(who));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your AllAccess order ${order.orderId} is cancelled`);
    expect(mails[0]!.text).toContain('$12.00');
    expect(mails[0]!.text).toContain('Cancel Live');
    expect(await x.refundMails(await x.emailOf(who))).toEqual([]);
    const audit = await x.db.selectFrom('audit_log').selectAll().where('subject_id', '=', String(order.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.cancel',
      actor_user_id: who.userId,
      actor_email: await x.emailOf(who),
    });
    // The console says Cancelled too.
    expect((await x.studio('GET', `/orders/${order.id}`)).json().data.status).toBe('Cancelled');

    // A second cancel changes nothing.
    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.alreadyCancelled]);
    expect(await cancelMails(await x.emailOf(who))).toHaveLength(1);
    expect(await x.soldOf('cancel-live')).toBe(0);
  });

  it("a coupon purchase's coupon use comes back (a one-use-per-buyer coupon works again)", async () => {
    const who = await x.buyer(['cart-b'], 'cancelcoupon', 'MINE1');
    const order = await x.cardOrder(who);
    const uses = () => x.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', order.id).execute();
    expect(await uses()).toHaveLength(1);
    expect((await cancel(who, order.cartId)).statusCode).toBe(200);
    expect(await uses()).toEqual([]);
    expect((await x.d.add(who, { asset_id: x.ids['cart-b'] })).statusCode).toBe(200);
    expect((await x.d.apply(who, { coupon_code: 'MINE1' })).statusCode).toBe(200);
  });

  it('an on-demand order never played is cancelled (no cutoff: until the first play)', async () => {
    const who = await x.buyer(['cancel-vod'], 'vodcancel');
    const order = await x.cardOrder(who);
    const m = (await manage(who, order.cartId)).json().data;
    expect(m.cancel).toEqual({ allowed: true, until: null, reason: null });
    expect(answer(await cancel(who, order.cartId))).toEqual([200, M.cancelled]);
    expect(await x.soldOf('cancel-vod')).toBe(0);
  });
});

describe('refusals', () => {
  it('past the cutoff: 409 naming the cutoff, nothing refunded', async () => {
    const who = await x.buyer(['cancel-soon'], 'toolate');
    const order = await x.cardOrder(who);
    const event = await x.db
      .selectFrom('events')
      .select('air_start_date')
      .where('id', '=', x.ids['cancel-soon']!)
      .executeTakeFirstOrThrow();
    const cutoff = cancelCutoff(new Date(event.air_start_date!), 24);
    const m = (await manage(who, order.cartId)).json().data;
    expect(m.cancel).toEqual({ allowed: false, until: cutoff.toISOString(), reason: M.pastCutoff(cutoff) });
    expect(M.pastCutoff(cutoff)).toMatch(
      /could be cancelled until \w{3} \d+, \d{4}, \d+:\d{2} [AP]M E[SD]T; that time has passed\./,
    );

    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.pastCutoff(cutoff)]);
    expect(await x.db.selectFrom('refunds').select('order_id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await x.soldOf('cancel-soon')).toBe(1);
  });

  it('an order with one event past the cutoff is refused as a whole', async () => {
    const who = await x.buyer(['cancel-live', 'cancel-soon'], 'mixed');
    const order = await x.cardOrder(who);
    expect((await cancel(who, order.cartId)).statusCode).toBe(409);
    expect(
      await x.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'Active' });
  });

  it('an on-demand event once played: 409 saying so', async () => {
    const v = viewingDriver(x.t.app);
    const who = await x.buyer(['cancel-vod'], 'played');
    const order = await x.cardOrder(who);
    expect((await v.open(who, String(x.ids['cancel-vod']))).statusCode).toBe(201);
    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.played('Cancel Vod')]);
  });

  it('played, then its sessions swept a day later: still 409 (the first play is kept on the line)', async () => {
    const v = viewingDriver(x.t.app);
    const who = await x.buyer(['cancel-vod'], 'playedswept');
    const order = await x.cardOrder(who);
    expect((await v.open(who, String(x.ids['cancel-vod']))).statusCode).toBe(201);
    // What the sweep does to a session quiet for a day (streams/viewingSessionRepository.ts sweep).
    await x.db.deleteFrom('viewing_sessions').where('user_id', '=', who.userId!).execute();
    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.played('Cancel Vod')]);
    expect((await manage(who, order.cartId)).json().data.cancel).toMatchObject({
      allowed: false,
      reason: M.played('Cancel Vod'),
    });
  });

  it('a ticket of the order handed on: 409; the received order: 409', async () => {
    const who = await x.buyer(['cancel-live'], 'handedon');
    const order = await x.cardOrder(who);
    const friend = await x.d.user('friend');
    const friendEmail = await x.emailOf(friend);
    const sent = await call('POST', `/${order.cartId}/tickets/${x.ids['cancel-live']}/transfer`, who, {
      email: friendEmail,
    });
    expect(sent.statusCode).toBe(200);
    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.handedOn]);
    const received = await x.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', friend.userId!)
      .executeTakeFirstOrThrow();
    expect(answer(await cancel(friend, received.cart_id!))).toEqual([409, M.received]);
  });

  it('refunded by the organizer before: 409 refunded already', async () => {
    const who = await x.buyer(['cart-c'], 'orgrefunded');
    const order = await x.cardOrder(who);
    expect((await x.studio('POST', `/orders/${order.id}/refund`)).statusCode).toBe(200);
    expect(answer(await cancel(who, order.cartId))).toEqual([409, M.alreadyRefunded]);
  });

  it("another user's order is a 404, as if absent; an unknown one too; nothing changes", async () => {
    const owner = await x.buyer(['cart-extra-1'], 'owner');
    const order = await x.cardOrder(owner);
    const stranger = await x.d.user('stranger');
    expect(answer(await cancel(stranger, order.cartId))).toEqual([404, M.orderNotFound]);
    expect(answer(await manage(stranger, order.cartId))).toEqual([404, M.orderNotFound]);
    expect(answer(await cancel(stranger, 99_999_999))).toEqual([404, M.orderNotFound]);
    expect(
      await x.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'Active' });
    // A guest may not call it at all.
    const guest = await x.d.guest();
    expect((await cancel(guest, order.cartId)).statusCode).toBe(403);
  });
});

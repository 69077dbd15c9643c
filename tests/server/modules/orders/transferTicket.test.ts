// @databases postgres: its outcome does not depend on the kind of database
import { ORDER_MANAGE_MESSAGES as M, maskEmail } from '../../../../src/shared/contract/orderManage';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import type { Who } from '../../../utils/cart';
import { signInDriver } from '../../../utils/identity';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';
import { viewingDriver } from '../streams/viewingSessionFixture';

/**
 * A fan hands a ticket on (POST /v1/order/{cartId}/tickets/{eventId}/transfer): the sender loses
 * access at once (lookup, plays, an open session closed), the receiver holds it through an order of
 * their own (at once with an account, else at sign-up or sign-in), both get a mail; one transfer per
 * ticket, and every refusal says why. The sales figures count the ticket once. The race of many
 * transfers of one ticket: tests/server/modules/orders/transferRaces.test.ts.
 */
const HOUR = 3600_000;
let x: SalesTestApp;
let n = 0;
const iso = (ms: number) => new Date(ms).toISOString();
beforeAll(async () => {
  x = await salesTestApp();
  const now = Date.now();
  await importCatalog(x.db, {
    events: [
      {
        path: 'hand-live',
        title: 'Hand Live',
        isPremium: true,
        price: 20,
        contentType: 'Live',
        airStartDate: iso(now + 5 * HOUR),
        streams: demoStreams,
      },
      { path: 'hand-vod', title: 'Hand Vod', isPremium: true, price: 9, streams: demoStreams },
      {
        path: 'hand-aired',
        title: 'Hand Aired',
        isPremium: true,
        price: 7,
        contentType: 'Live',
        airStartDate: iso(now + 2 * HOUR),
      },
      { path: 'hand-sales', title: 'Hand Sales', isPremium: true, price: 15 },
    ],
  });
  const rows = await x.db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'hand-%').execute();
  for (const r of rows) x.ids[r.path] = r.id;
}, 60_000);
afterAll(() => x?.t.close());

const transfer = (who: Who, cartId: number, eventId: number, email: unknown) =>
  x.t.app.inject({
    method: 'POST',
    url: `/v1/order/${cartId}/tickets/${eventId}/transfer`,
    headers: { authorization: who.authorization! },
    payload: { email },
  });
const manage = (who: Who, cartId: number) =>
  x.t.app.inject({ url: `/v1/order/${cartId}/manage`, headers: { authorization: who.authorization! } });
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const mailsTo = (email: string) =>
  x.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id')
    .execute();
const ordersOf = (userId: number) =>
  x.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const fresh = (label: string) => `${label}-${Date.now()}-${(n += 1)}@example.com`;

describe('to an existing account', () => {
  it('moves the ticket at once: the sender loses access, the receiver holds a Transfer order and can play', async () => {
    const v = viewingDriver(x.t.app);
    const sender = await x.buyer(['hand-live'], 'sender');
    const order = await x.cardOrder(sender);
    const receiver = await x.d.user('receiver');
    const receiverEmail = await x.emailOf(receiver);
    const eventId = x.ids['hand-live']!;
    // The sender is watching when they hand it on.
    const opened = await v.open(sender, String(eventId));
    expect(opened.statusCode).toBe(201);
    const sessionId = opened.json().data.sessionId as string;

    const res = await transfer(sender, order.cartId, eventId, receiverEmail.toUpperCase());

    expect(answer(res)).toEqual([200, M.transferred]);
    expect(res.json().data.tickets).toEqual([
      {
        eventId,
        title: 'Hand Live',
        transfer: { allowed: false, reason: null, to: maskEmail(receiverEmail), at: expect.any(String) },
      },
    ]);
    expect(maskEmail(receiverEmail)).toMatch(/^r\*\*\*@example\.com$/);
    // The sender: no lookup row, the open session closed, a new play refused.
    expect((await x.c.lookup(sender, { userId: sender.userId, assetId: eventId })).json().data).toEqual([]);
    expect((await v.heartbeat(sender, sessionId)).statusCode).not.toBe(200);
    expect(answer(await v.open(sender, String(eventId)))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    // The receiver: an order of 0, usage type Transfer, in their history, and they can play.
    const received = await ordersOf(receiver.userId!);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      usage_type: 'Transfer',
      payment_method: 'transfer',
      amount_cents: 0,
      status: 'Active',
      order_ref: expect.stringMatching(/^TRF-\d+$/),
      cart_id: expect.any(Number),
    });
    const line = await x.db.selectFrom('order_items').selectAll().where('order_id', '=', received[0]!.id).execute();
    expect(line).toEqual([expect.objectContaining({ event_id: eventId, price_cents: 0, list_price_cents: 2000 })]);
    const history = (await x.c.history(receiver)).json().data.data;
    expect(history).toEqual([expect.objectContaining({ usageType: 'Transfer', rate: 0, payment_method: 'transfer' })]);
    expect((await x.c.lookup(receiver, { userId: receiver.userId, assetId: eventId })).json().data).toHaveLength(1);
    expect((await v.open(receiver, String(eventId))).statusCode).toBe(201);
    // The transfer row: claimed by the receiver's order.
    expect(
      await x.db.selectFrom('ticket_transfers').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ to_user_id: receiver.userId, to_order_id: received[0]!.id, claimed_at: expect.any(Date) });
    // Mails: the receiver's says who and what with the event's link; the sender's confirms.
    const toReceiver = await mailsTo(receiverEmail);
    const handed = toReceiver.filter((m) => m.subject.includes('handed you a ticket'));
    expect(handed).toHaveLength(1);
    expect(handed[0]!.subject).toBe('Ada Lovelace handed you a ticket for Hand Live');
    expect(handed[0]!.text).toContain('/events/hand-live');
    const toSender = (await mailsTo(await x.emailOf(sender))).filter((m) => m.subject.startsWith('You handed on'));
    expect(toSender.map((m) => m.subject)).toEqual(['You handed on your ticket for Hand Live']);
    expect(toSender[0]!.text).toContain(maskEmail(receiverEmail));
    // The sender's order page shows it handed on; the receiver's shows a ticket they cannot hand on again.
    expect((await manage(sender, order.cartId)).json().data.tickets[0].transfer.to).toBe(maskEmail(receiverEmail));
    const theirs = (await manage(receiver, received[0]!.cart_id!)).json().data;
    expect(theirs.tickets[0].transfer).toEqual({ allowed: false, reason: M.receivedTicket, to: null, at: null });
    expect(answer(await transfer(receiver, received[0]!.cart_id!, eventId, fresh('onward')))).toEqual([
      409,
      M.receivedTicket,
    ]);
  });
});

describe('to an address without an account', () => {
  it('waits for the sign-up with that address, which claims it once (a later sign-in makes no second order)', async () => {
    const sender = await x.buyer(['hand-vod'], 'tostranger');
    const order = await x.cardOrder(sender);
    const email = fresh('newcomer');

    expect((await transfer(sender, order.cartId, x.ids['hand-vod']!, email)).statusCode).toBe(200);
    expect(
      await x.db.selectFrom('ticket_transfers').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ to_email: email, to_user_id: null, to_order_id: null, claimed_at: null });
    const invite = (await mailsTo(email)).filter((m) => m.subject.includes('handed you a ticket'));
    expect(invite).toHaveLength(1);
    expect(invite[0]!.text).toContain('/sign-in');

    const auth = signInDriver(x.t.app, '10.77.0.1');
    const joined = await auth.signUp(email, 'New', 'Comer');
    const orders = await ordersOf(joined.userId);
    expect(orders).toEqual([expect.objectContaining({ usage_type: 'Transfer', amount_cents: 0, status: 'Active' })]);
    const who = { label: 'newcomer', authorization: joined.auth.authorization, userId: joined.userId };
    expect((await x.c.lookup(who, { userId: joined.userId, assetId: x.ids['hand-vod'] })).json().data).toHaveLength(1);

    // Signing in again claims nothing more.
    expect((await auth.requestLogin(email)).statusCode).toBe(200);
    expect((await auth.verify(email, await auth.latestCode(email))).statusCode).toBe(200);
    expect(await ordersOf(joined.userId)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('one transfer per ticket: a second is 409; to oneself 409; a bad address 400 with the field', async () => {
    const sender = await x.buyer(['hand-vod'], 'twice');
    const order = await x.cardOrder(sender);
    const eventId = x.ids['hand-vod']!;
    expect(answer(await transfer(sender, order.cartId, eventId, await x.emailOf(sender)))).toEqual([409, M.toSelf]);
    const bad = await transfer(sender, order.cartId, eventId, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-mail address must look like name@example.com.');
    expect((await transfer(sender, order.cartId, eventId, fresh('first'))).statusCode).toBe(200);
    expect(answer(await transfer(sender, order.cartId, eventId, fresh('second')))).toEqual([409, M.alreadyTransferred]);
    expect(
      await x.db.selectFrom('ticket_transfers').select('to_email').where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);
  });

  it('after the show started (live), or once played (on demand): 409', async () => {
    const v = viewingDriver(x.t.app);
    const vod = await x.buyer(['hand-vod'], 'playedit');
    const vodOrder = await x.cardOrder(vod);
    expect((await v.open(vod, String(x.ids['hand-vod']))).statusCode).toBe(201);
    expect(answer(await transfer(vod, vodOrder.cartId, x.ids['hand-vod']!, fresh('late')))).toEqual([
      409,
      M.ticketPlayed,
    ]);

    const live = await x.buyer(['hand-aired'], 'aired');
    const liveOrder = await x.cardOrder(live);
    await x.db
      .updateTable('events')
      .set({ air_start_date: new Date(Date.now() - 60_000) })
      .where('id', '=', x.ids['hand-aired']!)
      .execute();
    expect(answer(await transfer(live, liveOrder.cartId, x.ids['hand-aired']!, fresh('late')))).toEqual([
      409,
      M.showStarted,
    ]);
  });

  it('played, then its sessions swept a day later: still 409 (the first play is kept on the line)', async () => {
    const v = viewingDriver(x.t.app);
    const fan = await x.buyer(['hand-vod'], 'playedswept');
    const order = await x.cardOrder(fan);
    expect((await v.open(fan, String(x.ids['hand-vod']))).statusCode).toBe(201);
    // What the sweep does to a session quiet for a day (streams/viewingSessionRepository.ts sweep).
    await x.db.deleteFrom('viewing_sessions').where('user_id', '=', fan.userId!).execute();
    expect(answer(await transfer(fan, order.cartId, x.ids['hand-vod']!, fresh('after')))).toEqual([
      409,
      M.ticketPlayed,
    ]);
  });

  it('two buyers hand a ticket of one event to the same new address: the second is 409, keeps its ticket', async () => {
    const first = await x.buyer(['hand-vod'], 'samefirst');
    const second = await x.buyer(['hand-vod'], 'samesecond');
    const [a, b] = [await x.cardOrder(first), await x.cardOrder(second)];
    const email = fresh('popular');
    expect((await transfer(first, a.cartId, x.ids['hand-vod']!, email)).statusCode).toBe(200);
    expect(answer(await transfer(second, b.cartId, x.ids['hand-vod']!, email.toUpperCase()))).toEqual([
      409,
      M.receiverWaiting,
    ]);
    expect((await x.c.lookup(second, { userId: second.userId, assetId: x.ids['hand-vod'] })).json().data).toHaveLength(
      1,
    );
    // The index stands behind the check (two at once: tests/server/modules/orders/transferRaces.test.ts).
    await expect(
      x.db
        .insertInto('ticket_transfers')
        .values({ order_id: b.id, event_id: x.ids['hand-vod']!, from_user_id: second.userId!, to_email: email })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });

    const auth = signInDriver(x.t.app, '10.77.0.3');
    const joined = await auth.signUp(email, 'Pop', 'Ular');
    expect(await ordersOf(joined.userId)).toHaveLength(1);
  });

  it('a receiver who bought the event before signing in: no second order, the ticket goes back to its sender', async () => {
    const sender = await x.buyer(['hand-vod'], 'backsender');
    const order = await x.cardOrder(sender);
    const own = await x.buyer(['hand-vod'], 'ownbuyer');
    await x.cardOrder(own);
    const ownEmail = await x.emailOf(own);
    // A transfer made while that address had no account (now one, which bought the event itself).
    expect((await transfer(sender, order.cartId, x.ids['hand-vod']!, fresh('notyet'))).statusCode).toBe(200);
    await x.db.updateTable('ticket_transfers').set({ to_email: ownEmail }).where('order_id', '=', order.id).execute();

    const auth = signInDriver(x.t.app, '10.77.0.4');
    expect((await auth.requestLogin(ownEmail)).statusCode).toBe(200);
    expect((await auth.verify(ownEmail, await auth.latestCode(ownEmail))).statusCode).toBe(200);

    expect(await ordersOf(own.userId!)).toHaveLength(1);
    expect(
      await x.db.selectFrom('ticket_transfers').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ to_user_id: own.userId, to_order_id: null, claimed_at: expect.any(Date) });
    expect((await x.c.lookup(sender, { userId: sender.userId, assetId: x.ids['hand-vod'] })).json().data).toHaveLength(
      1,
    );
    const view = (await manage(sender, order.cartId)).json().data;
    expect(view.cancel).toMatchObject({ allowed: true });
    expect(view.tickets[0].transfer).toMatchObject({ allowed: false, reason: M.handedBack, to: null });
  });

  it('the receiver holds a ticket for the event already: 409, nothing moves', async () => {
    const sender = await x.buyer(['cart-extra-2'], 'dupsender');
    const order = await x.cardOrder(sender);
    const holder = await x.buyer(['cart-extra-2'], 'holder');
    await x.cardOrder(holder);
    expect(answer(await transfer(sender, order.cartId, x.ids['cart-extra-2']!, await x.emailOf(holder)))).toEqual([
      409,
      M.receiverHolds,
    ]);
    expect(
      (await x.c.lookup(sender, { userId: sender.userId, assetId: x.ids['cart-extra-2'] })).json().data,
    ).toHaveLength(1);
  });

  it("a cancelled order: 409; an event not in the order: 404; another user's order: 404", async () => {
    const sender = await x.buyer(['cart-extra-3'], 'cancelledsender');
    const order = await x.cardOrder(sender);
    const stranger = await x.d.user('strangerhand');
    expect(answer(await transfer(stranger, order.cartId, x.ids['cart-extra-3']!, fresh('x')))).toEqual([
      404,
      M.orderNotFound,
    ]);
    expect(answer(await transfer(sender, order.cartId, x.ids['cart-extra-4']!, fresh('x')))).toEqual([
      404,
      M.eventNotInOrder,
    ]);
    expect(
      (
        await x.t.app.inject({
          method: 'POST',
          url: `/v1/order/${order.cartId}/cancel`,
          headers: { authorization: sender.authorization! },
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(answer(await transfer(sender, order.cartId, x.ids['cart-extra-3']!, fresh('x')))).toEqual([
      409,
      M.notActive,
    ]);
  });
});

describe("an organizer's refund of the buyer's order after a transfer", () => {
  it('keeps the seat taken (the receiver holds it) and the receiver keeps the ticket', async () => {
    const sender = await x.buyer(['cart-few'], 'refundedsender');
    const order = await x.cardOrder(sender);
    const receiver = await x.d.user('keptreceiver');
    expect((await transfer(sender, order.cartId, x.ids['cart-few']!, await x.emailOf(receiver))).statusCode).toBe(200);
    const sold = await x.soldOf('cart-few');

    expect((await x.studio('POST', `/orders/${order.id}/refund`)).statusCode).toBe(200);

    expect(await x.soldOf('cart-few')).toBe(sold);
    expect(
      (await x.c.lookup(receiver, { userId: receiver.userId, assetId: x.ids['cart-few'] })).json().data,
    ).toHaveLength(1);
  });
});

describe('the sales figures', () => {
  it('count a ticket handed on once, its money once', async () => {
    const sender = await x.buyer(['hand-sales'], 'salessender');
    const order = await x.cardOrder(sender);
    const figures = async () =>
      (await x.studio('GET', `/sales?eventId=${x.ids['hand-sales']}`)).json().data as {
        totals: { orders: number; sold: number; revenue: number };
        series: { tickets: number; revenue: number }[];
      };
    const before = await figures();
    expect(before.totals).toMatchObject({ orders: 1, sold: 1, revenue: 15 });

    const receiver = await x.d.user('salesreceiver');
    expect((await transfer(sender, order.cartId, x.ids['hand-sales']!, await x.emailOf(receiver))).statusCode).toBe(
      200,
    );

    const after = await figures();
    expect(after.totals).toMatchObject({ orders: 1, sold: 1, revenue: 15 });
    expect(after.series.reduce((s, d) => s + d.tickets, 0)).toBe(1);
    expect(after.series.reduce((s, d) => s + d.revenue, 0)).toBe(15);
  });
});

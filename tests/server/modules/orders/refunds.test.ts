// @databases both: transactions — a refund claimed, ended and audited in one transaction
import { SALES_MESSAGES } from '../../../../src/shared/contract/studioSales';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createRefundService, refundKey } from '../../../../src/server/modules/orders/refundService';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import { createRepositories } from '../../../../src/server/repositories';
import type { Mail } from '../../../../src/server/modules/mail/mailer';
import { demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { createViewingSessions } from '../../../../src/server/modules/streams/viewingSessionService';
import type { PaymentProvider } from '../../../../src/server/modules/payments/provider';
import { configData } from '../streams/streamsFixture';
import { viewingDriver } from '../streams/viewingSessionFixture';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';

/**
 * The console's full refund (POST /v1/studio/orders/:id/refund): the provider refunds once with the
 * order's key, access ends at once (the order lookup, viewing sessions), the seat and the coupon use
 * come back, order history says Refunded, the fan gets a mail, the action is audited; a second
 * refund is a 409, and a provider failure leaves the refund pending until a retry finishes it.
 * Exactly-once under concurrency: tests/server/modules/orders/refundRaces.test.ts (PostgreSQL).
 */
let x: SalesTestApp;
beforeAll(async () => {
  x = await salesTestApp();
  // A premium event with the demo's streams, so the player's stream config can be asked for.
  await importCatalog(x.db, {
    events: [
      { path: 'refund-stream', title: 'Refund Stream', isPremium: true, price: 12, capacity: 5, streams: demoStreams },
    ],
  });
  const row = await x.db
    .selectFrom('events')
    .select('id')
    .where('path', '=', 'refund-stream')
    .executeTakeFirstOrThrow();
  x.ids['refund-stream'] = row.id;
}, 60_000);
afterAll(() => x?.t.close());

const refund = (id: number | string) => x.studio('POST', `/orders/${id}/refund`);
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const refundRow = (orderId: number) =>
  x.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const intentRow = (id: string) =>
  x.db.selectFrom('sandbox_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a card order refunded from the console', () => {
  it('refunds at the provider once, ends access, returns the seat, says Refunded, mails the fan, audits it', async () => {
    const v = viewingDriver(x.t.app);
    const who = await x.buyer(['refund-stream', 'cart-a'], 'fan');
    const order = await x.cardOrder(who);
    expect(order.amount).toBe(22);
    expect(await x.soldOf('refund-stream')).toBe(1);
    // The fan is watching when the organizer refunds.
    const opened = await v.open(who, String(x.ids['refund-stream']));
    expect(opened.statusCode).toBe(201);
    const sessionId = opened.json().data.sessionId as string;
    const config = () => v.config(who, String(x.ids['refund-stream']), sessionId);
    const configured = await config();
    expect(configured.statusCode).toBe(200);
    // The player's signed playlist: its URL names the session (the gate has not looked at it yet).
    const program = configData(configured.json()).programcutUrl;
    const lookup = () => x.c.lookup(who, { userId: who.userId, assetId: x.ids['refund-stream'] });
    expect((await lookup()).json().data).toHaveLength(1);

    const res = await refund(order.id);

    expect(answer(res)).toEqual([200, SALES_MESSAGES.refunded]);
    expect(res.json().data).toMatchObject({
      id: order.id,
      orderId: order.orderId,
      status: 'Refunded',
      amount: 22,
      payment: {
        state: 'refunded',
        refund: { amount: 22, requestedBy: await x.emailOf(x.organizer), attempts: 1, lastError: null },
      },
    });
    expect(res.json().data.payment.refund.completedAt).toEqual(expect.any(String));
    // The provider refunded with the order's key.
    expect(await intentRow(order.intentId)).toMatchObject({
      refund_key: refundKey(order.id),
      refunded_at: expect.any(Date),
    });
    // Access ends at once: the lookup no longer lists the event, the session is closed, a new one is refused.
    expect((await lookup()).json().data).toEqual([]);
    expect((await v.heartbeat(who, sessionId)).statusCode).not.toBe(200);
    expect((await config()).statusCode).toBe(403);
    const media = await x.t.app.inject({ url: program });
    expect([media.statusCode, media.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    expect(answer(await v.open(who, String(x.ids['refund-stream'])))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    // The seat is back; order history says Refunded.
    expect(await x.soldOf('refund-stream')).toBe(0);
    const history = (await x.c.history(who)).json().data.data;
    expect(history.map((r: { orderId: string; usageType: string }) => [r.orderId, r.usageType])).toEqual([
      [order.orderId, 'Refunded'],
    ]);
    // One mail, with the order id, the amount and the events.
    const mails = await x.refundMails(await x.emailOf(who));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your AllAccess order ${order.orderId} was refunded`);
    expect(mails[0]!.text).toContain('$22.00');
    expect(mails[0]!.text).toContain('Refund Stream');
    expect(mails[0]!.text).toContain('Cart A');
    // Audited, with who did it.
    const audit = res.json().data.audit;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.refund',
      subjectType: 'order',
      subjectId: String(order.id),
      actorEmail: await x.emailOf(x.organizer),
      before: { status: 'Active' },
      after: { status: 'Refunded', sessionsClosed: 1 },
    });
    expect(await refundRow(order.id)).toMatchObject({
      status: 'done',
      attempts: 1,
      idempotency_key: refundKey(order.id),
    });
  });

  it('a second refund is a 409 that changes nothing: no second seat, mail or provider call', async () => {
    const who = await x.buyer(['cart-few'], 'twice');
    const order = await x.cardOrder(who);
    expect((await refund(order.id)).statusCode).toBe(200);
    const sold = await x.soldOf('cart-few');
    const refundedAt = (await intentRow(order.intentId)).refunded_at;

    expect(answer(await refund(order.id))).toEqual([409, SALES_MESSAGES.alreadyRefunded]);
    expect(answer(await refund(order.orderId))).toEqual([409, SALES_MESSAGES.alreadyRefunded]);

    expect(await x.soldOf('cart-few')).toBe(sold);
    expect((await intentRow(order.intentId)).refunded_at).toEqual(refundedAt);
    expect(await x.refundMails(await x.emailOf(who))).toHaveLength(1);
    const audit = (await x.studio('GET', `/orders/${order.id}`)).json().data.audit;
    expect(audit).toHaveLength(1);
  });

  it('gives the coupon use back (a one-use-per-buyer coupon works again)', async () => {
    const who = await x.buyer(['cart-b'], 'couponfan', 'MINE1');
    const order = await x.cardOrder(who);
    const uses = () => x.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', order.id).execute();
    expect(await uses()).toHaveLength(1);
    expect((await refund(order.id)).statusCode).toBe(200);
    expect(await uses()).toEqual([]);
    expect((await x.d.add(who, { asset_id: x.ids['cart-b'] })).statusCode).toBe(200);
    expect((await x.d.apply(who, { coupon_code: 'MINE1' })).statusCode).toBe(200);
  });
});

describe('a play racing the refund', () => {
  it('passed the ticket check before the refund committed, writes no session after it: open and take over are refused', async () => {
    const who = await x.buyer(['refund-stream'], 'lateplay');
    const order = await x.cardOrder(who);
    expect((await refund(order.id)).statusCode).toBe(200);
    // The plays' ticket check answered yes (it ran before the refund committed); their write comes after.
    const uow = createUnitOfWork(x.db, createRepositories);
    const sessions = createViewingSessions({
      uow,
      entitlements: { ownsEvent: async () => true },
      config: { deviceLimit: 2, heartbeatSeconds: 30 },
      log: { info: () => {}, warn: () => {} },
    });
    const caller = { kind: 'user' as const, userId: who.userId!, email: 'lateplay@example.com', name: 'Late Play' };

    await expect(sessions.open(caller, 'refund-stream')).rejects.toThrow(STREAM_MESSAGES.notEntitled);
    await expect(sessions.takeOver(caller, 'refund-stream')).rejects.toThrow(STREAM_MESSAGES.notEntitled);

    const open = await x.db
      .selectFrom('viewing_sessions')
      .select('id')
      .where('user_id', '=', who.userId!)
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });
});

describe('a voucher order (nothing was charged)', () => {
  it('is refunded without the provider: access ends, the seat returns, the mail says nothing is paid back', async () => {
    const who = await x.buyer(['cart-few'], 'voucherfan', 'FIX100');
    const before = await x.soldOf('cart-few');
    const order = await x.voucherOrder(who);
    expect(order.amount).toBe(0);

    const res = await refund(order.id);

    expect(answer(res)).toEqual([200, SALES_MESSAGES.refunded]);
    expect(res.json().data).toMatchObject({ paymentIntentId: null, payment: { state: 'refunded' } });
    expect(await x.soldOf('cart-few')).toBe(before);
    const mails = await x.refundMails(await x.emailOf(who));
    expect(mails.map((m) => m.text.includes('Nothing was charged'))).toEqual([true]);
  });
});

describe('refusals', () => {
  it('an unknown order: 404; a malformed id: 400; nothing is written', async () => {
    expect(answer(await refund(2_000_000_000))).toEqual([404, SALES_MESSAGES.orderNotFound]);
    expect(answer(await refund(9_999_999_999))).toEqual([404, SALES_MESSAGES.orderNotFound]);
    expect(answer(await refund('ORD-0000000000'))).toEqual([404, SALES_MESSAGES.orderNotFound]);
    expect((await refund('abc')).statusCode).toBe(400);
    expect((await refund('99999999999')).statusCode).toBe(400);
    expect((await x.studio('POST', '/orders/1/refund', x.organizer, { reason: 'x' })).statusCode).toBe(400);
    expect(
      await x.db.selectFrom('refunds').select('order_id').where('order_id', '>=', 2_000_000_000).execute(),
    ).toEqual([]);
  });

  it("an order id two buyers share (a voucher order copying a fan's): by ORD-… a 409 that changes nothing; by id the right order", async () => {
    const fan = await x.buyer(['cart-b'], 'copiedfan');
    const order = await x.cardOrder(fan);
    // Anyone may choose a voucher order's id: a copier takes the fan's, for a $0 order of their own.
    const copier = await x.buyer(['cart-c'], 'copier', 'FIX100');
    const copied = await x.c.order(copier, { paymentMethod: 'vouchers', amount: 0, orderId: order.orderId });
    expect(copied.statusCode).toBe(200);
    const orders = () =>
      x.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'status'])
        .where('order_ref', '=', order.orderId)
        .orderBy('id')
        .execute();
    const [first, copy] = await orders();
    expect([first!.user_id, copy!.user_id]).toEqual([fan.userId, copier.userId]);

    expect(answer(await refund(order.orderId))).toEqual([409, SALES_MESSAGES.orderIdShared]);
    expect(answer(await x.studio('GET', `/orders/${order.orderId}`))).toEqual([409, SALES_MESSAGES.orderIdShared]);
    expect((await orders()).map((o) => o.status)).toEqual(['Active', 'Active']);
    expect(await refundRow(first!.id)).toBeUndefined();
    expect(await refundRow(copy!.id)).toBeUndefined();
    // The search lists both, each with its buyer, and each one's numeric id.
    const found = (await x.studio('GET', `/orders?search=${order.orderId}`)).json().data.rows;
    expect(found.map((r: { id: number; buyerEmail: string }) => [r.id, r.buyerEmail])).toEqual([
      [copy!.id, await x.emailOf(copier)],
      [first!.id, await x.emailOf(fan)],
    ]);

    const res = await refund(order.id);
    expect(answer(res)).toEqual([200, SALES_MESSAGES.refunded]);
    expect(res.json().data.buyer.userId).toBe(fan.userId);
    expect((await orders()).map((o) => o.status)).toEqual(['Refunded', 'Active']);
  });

  it('a shopper cannot refund (403), even their own order', async () => {
    const who = await x.buyer(['cart-c'], 'selfrefund');
    const order = await x.cardOrder(who);
    expect((await x.studio('POST', `/orders/${order.id}/refund`, who)).statusCode).toBe(403);
    expect(await refundRow(order.id)).toBeUndefined();
  });

  it('a refund under way (claimed, the provider not answered yet): 409, the provider is not asked again', async () => {
    const who = await x.buyer(['cart-c'], 'underway');
    const order = await x.cardOrder(who);
    await x.db
      .insertInto('refunds')
      .values({ order_id: order.id, amount_cents: 99, idempotency_key: refundKey(order.id), attempts: 1 })
      .execute();
    expect(answer(await refund(order.id))).toEqual([409, SALES_MESSAGES.refundUnderWay]);
    expect((await intentRow(order.intentId)).refunded_at).toBeNull();
  });
});

describe('when the provider fails', () => {
  it('keeps the refund pending (502), with access ended; pressing again retries (a key per attempt) and finishes', async () => {
    const who = await x.buyer(['cart-few'], 'failfan');
    const order = await x.cardOrder(who);
    const sold = await x.soldOf('cart-few');
    // The sandbox refuses to refund an intent that has not succeeded: the provider's failure.
    await x.db.updateTable('sandbox_intents').set({ status: 'processing' }).where('id', '=', order.intentId).execute();

    expect(answer(await refund(order.id))).toEqual([502, SALES_MESSAGES.providerFailed]);

    const detail = (await x.studio('GET', `/orders/${order.id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'Refunded',
      payment: { state: 'refund_pending', refund: { attempts: 1, completedAt: null, lastError: expect.any(String) } },
    });
    expect(await x.soldOf('cart-few')).toBe(sold - 1);
    expect((await x.c.lookup(who, { userId: who.userId })).json().data).toEqual([]);
    expect(await x.refundMails(await x.emailOf(who))).toEqual([]);

    // Still failing: another 502, another attempt; the seat is not given back twice.
    expect(answer(await refund(order.id))).toEqual([502, SALES_MESSAGES.providerFailed]);
    expect(await refundRow(order.id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await x.soldOf('cart-few')).toBe(sold - 1);

    await x.db.updateTable('sandbox_intents').set({ status: 'succeeded' }).where('id', '=', order.intentId).execute();
    const retried = await refund(order.id);
    expect(answer(retried)).toEqual([200, SALES_MESSAGES.refunded]);
    expect(retried.json().data.payment).toMatchObject({ state: 'refunded', refund: { attempts: 3, lastError: null } });
    expect(await intentRow(order.intentId)).toMatchObject({ refund_key: `${refundKey(order.id)}-attempt-3` });
    expect(await x.soldOf('cart-few')).toBe(sold - 1);
    expect(await x.refundMails(await x.emailOf(who))).toHaveLength(1);
    expect(answer(await refund(order.id))).toEqual([409, SALES_MESSAGES.alreadyRefunded]);
  });

  it('the reconciliation job finishes a pending refund once the provider answers', async () => {
    const who = await x.buyer(['cart-b'], 'reconcilefan');
    const order = await x.cardOrder(who);
    await x.db.updateTable('sandbox_intents').set({ status: 'processing' }).where('id', '=', order.intentId).execute();
    expect((await refund(order.id)).statusCode).toBe(502);
    await x.db.updateTable('sandbox_intents').set({ status: 'succeeded' }).where('id', '=', order.intentId).execute();

    // The job's half, as services.ts builds it (the app's job runs every few minutes).
    const uow = createUnitOfWork(x.db, createRepositories);
    const sent: Mail[] = [];
    const refunds = createRefundService({
      uow,
      provider: createSandboxProvider({
        repo: uow.repos.sandbox,
        webhookSecret: 'test',
        eventDelayMs: 600_000,
        log: x.t.app.log,
      }),
      mailer: { kind: 'outbox', send: async (m) => void sent.push(m), close: async () => {} },
      log: x.t.app.log,
    });
    expect(await refunds.finishPending()).toBe(1);
    expect(await refunds.finishPending()).toBe(0);

    expect(await refundRow(order.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await intentRow(order.intentId)).toMatchObject({
      refunded_at: expect.any(Date),
      refund_key: `${refundKey(order.id)}-attempt-2`,
    });
    expect(sent.map((m) => m.subject)).toEqual([`Your AllAccess order ${order.orderId} was refunded`]);
    // The job's retry is nobody's action: the organizer's refund stays the only audit entry.
    const audit = (await x.studio('GET', `/orders/${order.id}`)).json().data.audit;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['order.refund']);
  });
});

describe('a retry', () => {
  it("is audited as the organizer's action, with the refund's state before and after; a refused one is not", async () => {
    const who = await x.buyer(['cart-b'], 'auditretry');
    const order = await x.cardOrder(who);
    await x.db.updateTable('sandbox_intents').set({ status: 'processing' }).where('id', '=', order.intentId).execute();
    expect((await refund(order.id)).statusCode).toBe(502);
    await x.db.updateTable('sandbox_intents').set({ status: 'succeeded' }).where('id', '=', order.intentId).execute();

    const res = await refund(order.id);

    expect(answer(res)).toEqual([200, SALES_MESSAGES.refunded]);
    const audit = res.json().data.audit;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['order.refund_retry', 'order.refund']);
    expect(audit[0]).toMatchObject({
      subjectType: 'order',
      subjectId: String(order.id),
      actorEmail: await x.emailOf(x.organizer),
      before: { orderId: order.orderId, refund: 'pending', attempts: 1, lastError: expect.any(String) },
      after: { orderId: order.orderId, refund: 'pending', attempts: 2, lastError: null },
    });
    // Refused (done already): nothing to audit.
    expect((await refund(order.id)).statusCode).toBe(409);
    expect((await x.studio('GET', `/orders/${order.id}`)).json().data.audit).toHaveLength(2);
  });

  it('under way is left alone by the reconciliation job, however long ago the refund was claimed', async () => {
    const who = await x.buyer(['cart-c'], 'slowretry');
    const order = await x.cardOrder(who);
    await x.db.updateTable('sandbox_intents').set({ status: 'processing' }).where('id', '=', order.intentId).execute();
    expect((await refund(order.id)).statusCode).toBe(502);
    await x.db.updateTable('sandbox_intents').set({ status: 'succeeded' }).where('id', '=', order.intentId).execute();

    // A provider slow to answer this order's refund (others pass), counting the attempts at it.
    const uow = createUnitOfWork(x.db, createRepositories);
    const sandbox = createSandboxProvider({
      repo: uow.repos.sandbox,
      webhookSecret: 'test',
      eventDelayMs: 600_000,
      log: x.t.app.log,
    });
    let answerNow!: () => void;
    const slow = new Promise<void>((resolve) => (answerNow = resolve));
    const asked: string[] = [];
    const provider: PaymentProvider = {
      ...sandbox,
      refund: async (intentId, key) => {
        if (intentId === order.intentId) {
          asked.push(key);
          // Only the first attempt hangs: a second one, had the job taken it, answers and shows.
          if (asked.length === 1) await slow;
        }
        await sandbox.refund(intentId, key);
      },
    };
    const service = (at: number) =>
      createRefundService({
        uow,
        provider,
        mailer: { kind: 'outbox', send: async () => {}, close: async () => {} },
        log: x.t.app.log,
        now: () => at,
      });
    // The organizer retries 20 minutes after the claim; the job runs a minute into that attempt.
    const claimedAt = Date.now();
    const retry = service(claimedAt + 20 * 60_000).refund(
      { userId: x.organizer.userId!, email: 'organizer@example.com' },
      order.id,
    );
    for (let i = 0; i < 200 && asked.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(asked).toHaveLength(1);

    await service(claimedAt + 21 * 60_000).finishPending();

    expect(asked).toHaveLength(1);
    answerNow();
    await retry;
    expect(await refundRow(order.id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('/metrics', () => {
  it('counts the refunds the provider has done', async () => {
    const res = await x.t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.body).toMatch(/^storefront_order_refunds_total [1-9]\d*$/m);
  });
});

import { cartTestApp, type Who } from './cart';
import { checkoutDriver } from './checkout';
import { grantOrganizer } from './studio';

/**
 * The console's sales suites: the cart fixture's events, real purchases (a card through the sandbox,
 * a voucher with a 100 % coupon) and an organizer calling /v1/studio/. One app per test file.
 */
export async function salesTestApp(options: { now?: () => number } = {}) {
  // The sandbox's own event delivery is held back: the buyer's createCartOrder makes each order.
  const x = await cartTestApp({
    env: { SANDBOX_EVENT_DELAY_MS: '600000' },
    ...(options.now ? { deps: { now: options.now } } : {}),
  });
  const c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
  const organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
  const db = x.t.database.db;

  /** A signed-up buyer with these events in the cart and the coupon applied. */
  async function buyer(paths: string[], label: string, coupon?: string): Promise<Who> {
    const who = await x.d.user(label);
    for (const p of paths) {
      const added = await x.d.add(who, { asset_id: x.ids[p] });
      if (added.statusCode !== 200) throw new Error(`add ${p}: ${added.body}`);
    }
    if (coupon) {
      const applied = await x.d.apply(who, { coupon_code: coupon });
      if (applied.statusCode !== 200) throw new Error(`coupon: ${applied.body}`);
    }
    return who;
  }

  /** A card purchase through the sandbox (4242): the order's summary, its intent id and its numeric id. */
  async function cardOrder(who: Who) {
    const intent = await c.paidIntent(who);
    const res = await c.cardOrder(who, intent.id);
    if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
    const summary = res.json().data as { orderId: string; amount: number; cartId: number };
    return { ...summary, intentId: intent.id, id: await orderIdOf(summary.orderId, who.userId!) };
  }

  /** A voucher purchase (the cart's coupon covers it all). */
  async function voucherOrder(who: Who) {
    const res = await c.order(who, { paymentMethod: 'vouchers', amount: 0 });
    if (res.statusCode !== 200) throw new Error(`voucher order: ${res.body}`);
    const summary = res.json().data as { orderId: string; amount: number; cartId: number };
    return { ...summary, id: await orderIdOf(summary.orderId, who.userId!) };
  }

  async function orderIdOf(orderRef: string, userId: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('order_ref', '=', orderRef)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A call of the console as the organizer (or as `who`). */
  const studio = (method: 'GET' | 'POST', url: string, who: Who = organizer, payload?: object) =>
    x.t.app.inject({
      method,
      url: `/v1/studio${url}`,
      headers: { authorization: who.authorization! },
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    });

  const soldOf = async (path: string) =>
    (await db.selectFrom('events').select('sold').where('id', '=', x.ids[path]!).executeTakeFirstOrThrow()).sold;

  /** The outbox's mails to `email` whose subject says an order was refunded. */
  const refundMails = (email: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'text', 'html'])
      .where('to_address', '=', email.toLowerCase())
      .where('subject', 'like', '%was refunded')
      .execute();

  const emailOf = async (who: Who) =>
    (await db.selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow()).email;

  return { ...x, c, db, organizer, buyer, cardOrder, voucherOrder, studio, soldOf, refundMails, emailOf };
}
export type SalesTestApp = Awaited<ReturnType<typeof salesTestApp>>;

// @databases both: SQL functions — the first play is written by the open function (migration 0023)
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createEntitlements } from '../../../../src/server/modules/orders/entitlements';
import { outageSessionKey } from '../../../../src/server/modules/streams/viewingSessionKey';
import { createViewingSessions } from '../../../../src/server/modules/streams/viewingSessionService';
import { createRepositories } from '../../../../src/server/repositories';
import type { Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { viewingSuite } from './viewingSessionFixture';

/**
 * A ticket's first play is kept on its order line (`order_items.first_played_at`, migration 0023),
 * whichever way its session was written: an open (the SQL function), a takeover, a session opened
 * during an outage and written down after. Cancelling and handing on read it, since sessions are
 * swept a day after they go quiet (tests/server/modules/orders/{cancelOrder,transferTicket}.test.ts).
 */
const clock = testClock();
const v = viewingSuite(clock);

const firstPlayOf = async (who: Who) =>
  (
    await v
      .db()
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.first_played_at')
      .where('orders.user_id', '=', who.userId!)
      .where('order_items.event_id', '=', v.ids['watch-premium']!)
      .executeTakeFirstOrThrow()
  ).first_played_at;

it('an open records the first play once; a later open keeps the first', async () => {
  const who = await v.holder('firstopen');
  expect(await firstPlayOf(who)).toBeNull();
  const first = clock.now();
  await v.openId(who);
  clock.advance(60_000);
  await v.openId(who);
  expect((await firstPlayOf(who))?.getTime()).toBe(first);
});

it('a takeover as the first play records it', async () => {
  const who = await v.holder('firsttakeover');
  expect((await v.d.takeover(who, 'watch-premium')).statusCode).toBe(201);
  expect((await firstPlayOf(who))?.getTime()).toBe(clock.now());
});

it('a session opened during an outage, written down after, records it', async () => {
  const who = await v.holder('firstoutage');
  const outageKey = Buffer.alloc(32, 7);
  const uow = createUnitOfWork(v.db(), createRepositories);
  const sessions = createViewingSessions({
    uow,
    entitlements: createEntitlements({ uow }),
    outageKey,
    config: { deviceLimit: 2, heartbeatSeconds: 30 },
    log: { info: () => {}, warn: () => {} },
    now: clock.now,
  });
  const eventId = v.ids['watch-premium']!;
  const id = crypto.randomUUID();
  const key = outageSessionKey(outageKey, id, `user:${who.userId}`, eventId);
  const caller = { kind: 'user' as const, userId: who.userId!, email: 'x@example.com', name: 'X' };
  await sessions.assertOpen(caller, eventId, true, id, key);
  expect(await v.db().selectFrom('viewing_sessions').select('id').where('id', '=', id).execute()).toHaveLength(1);
  expect((await firstPlayOf(who))?.getTime()).toBe(clock.now());
});

// @databases postgres: a race needs concurrent sessions; PGlite has one
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import type { Database } from '../../../../src/server/db/database';
import type { ViewingSessionRepository } from '../../../../src/server/modules/streams/viewingSessionRepository';
import { createViewingSessions } from '../../../../src/server/modules/streams/viewingSessionService';
import { createEntitlements } from '../../../../src/server/modules/orders/entitlements';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import type { UserCaller } from '../../../../src/server/platform/callerIdentity';
import { giveOrder } from '../../../utils/cart';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';

/**
 * 'Watch here instead' under a burst on PostgreSQL (PGlite runs one statement at a time, so nothing
 * races there): a fan whose two devices play presses it on ten devices at once, among plain plays.
 * Every takeover gets in, each closing the oldest open session in the same locked transaction, so
 * the ticket never holds more than the limit and every closed session is recorded as taken over.
 * Another fan of the same event, watching all along, is never touched. The control takes the
 * per-ticket lock out: concurrent takeovers then close the same oldest session, and more than the
 * limit stay open.
 */
const LIMIT = 2;
const TAKEOVERS = 10;
const ROUNDS = 3;

let database: Database;
let eventId: number;
beforeAll(async () => {
  database = await openRaceDatabase();
  await importCatalog(database.db, {
    events: [{ path: 'race-takeover', title: 'Race Takeover', isPremium: true, price: 20 }],
  });
  eventId = (
    await database.db.selectFrom('events').select('id').where('path', '=', 'race-takeover').executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(() => database.close());

/** The service over the real unit of work, with `change` applied to its viewing-session repository. */
function sessionsWith(change: (repo: ViewingSessionRepository) => Partial<ViewingSessionRepository> = () => ({})) {
  const uow = unitOfWorkWith(database, 'viewingSessions', change);
  return createViewingSessions({
    uow,
    entitlements: createEntitlements({ uow }),
    config: { deviceLimit: LIMIT, heartbeatSeconds: 30 },
    log: { info: () => {}, warn: () => {} },
  });
}
type Sessions = ReturnType<typeof sessionsWith>;

let n = 0;
/** A new user holding a ticket for the race event. */
async function ticket(): Promise<UserCaller> {
  n += 1;
  const email = `race-takeover-${n}-${Date.now()}@example.com`;
  const user = await database.db
    .insertInto('users')
    .values({ email, first_name: 'Race', last_name: 'Takeover', verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await giveOrder(database.db, user.id, [eventId]);
  return { kind: 'user', userId: user.id, email, name: 'Race Takeover' };
}

const rowsOf = (caller: UserCaller) =>
  database.db
    .selectFrom('viewing_sessions')
    .select(['id', 'closed_at', 'closed_reason'])
    .where('user_id', '=', caller.userId)
    .execute();
const openCount = async (caller: UserCaller) => (await rowsOf(caller)).filter((r) => r.closed_at === null).length;

/** The fan's two devices playing, then ten takeovers and three plain plays at once. */
async function burst(service: Sessions, caller: UserCaller) {
  for (let i = 0; i < LIMIT; i += 1) await service.open(caller, 'race-takeover');
  return Promise.allSettled([
    ...Array.from({ length: TAKEOVERS }, () => service.takeOver(caller, 'race-takeover')),
    ...Array.from({ length: 3 }, () => service.open(caller, 'race-takeover')),
  ]);
}

it(`${TAKEOVERS} takeovers at once among plain plays, limit ${LIMIT}: all get in, never more than ${LIMIT} open`, async () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    const bystander = await ticket();
    await sessionsWith().open(bystander, 'race-takeover');
    const caller = await ticket();
    const results = await burst(sessionsWith(), caller);

    const takeovers = results.slice(0, TAKEOVERS);
    expect(takeovers.map((r) => r.status)).toEqual(Array(TAKEOVERS).fill('fulfilled'));
    // The plain plays find the slots full (takeovers keep them so) and are refused with the limit's message.
    const plays = results.slice(TAKEOVERS);
    expect(plays.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'in'))).toEqual(
      Array(3).fill(STREAM_MESSAGES.deviceLimit(LIMIT)),
    );

    const rows = await rowsOf(caller);
    expect(rows.filter((r) => r.closed_at === null)).toHaveLength(LIMIT);
    // Two devices, ten takeovers: ten sessions closed, each recorded as taken over.
    const closed = rows.filter((r) => r.closed_at !== null);
    expect(closed).toHaveLength(TAKEOVERS);
    expect(new Set(closed.map((r) => r.closed_reason))).toEqual(new Set(['taken_over']));
    expect(await rowsOf(bystander)).toEqual([expect.objectContaining({ closed_at: null, closed_reason: null })]);
  }
});

it('control: without the per-ticket lock, the same burst leaves more than the limit open', async () => {
  let worst = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const caller = await ticket();
    await burst(
      sessionsWith(() => ({ lockTicket: async () => {} })),
      caller,
    );
    worst = Math.max(worst, await openCount(caller));
  }
  expect(worst).toBeGreaterThan(LIMIT);
});

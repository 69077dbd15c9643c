// @databases postgres: a race needs concurrent sessions; PGlite has one
import { sql } from 'kysely';
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
 * The device limit under a burst on PostgreSQL (PGlite runs one statement at a time, so nothing
 * races there): ten players of one ticket pressing play together get exactly `limit` sessions.
 * The control takes the per-ticket lock out and shows more get in.
 */
const LIMIT = 2;
const PLAYERS = 10;
const ROUNDS = 3;

let database: Database;
let eventId: number;
beforeAll(async () => {
  database = await openRaceDatabase();
  await importCatalog(database.db, {
    events: [{ path: 'race-watch', title: 'Race Watch', isPremium: true, price: 20 }],
  });
  eventId = (
    await database.db.selectFrom('events').select('id').where('path', '=', 'race-watch').executeTakeFirstOrThrow()
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

let n = 0;
/** A new user holding a ticket for the race event. */
async function ticket(): Promise<UserCaller> {
  n += 1;
  const user = await database.db
    .insertInto('users')
    .values({
      email: `race-watch-${n}-${Date.now()}@example.com`,
      first_name: 'Race',
      last_name: 'Watch',
      verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await giveOrder(database.db, user.id, [eventId]);
  return { kind: 'user', userId: user.id, email: `race-watch-${n}@example.com`, name: 'Race Watch' };
}

/**
 * Ten plays at once, on a pool with a connection ready for each: a pool that must first connect
 * lets the plays that found an idle connection commit before the others have counted, and the burst
 * races nothing.
 */
async function burst(service: ReturnType<typeof sessionsWith>, caller: UserCaller) {
  await Promise.all(Array.from({ length: PLAYERS }, () => sql`select pg_sleep(0.02)`.execute(database.db)));
  return Promise.allSettled(Array.from({ length: PLAYERS }, () => service.open(caller, 'race-watch')));
}
const openCount = async (caller: UserCaller) =>
  (await database.db.selectFrom('viewing_sessions').select('id').where('user_id', '=', caller.userId).execute()).length;

it(`${PLAYERS} plays of one ticket at once, limit ${LIMIT}: exactly ${LIMIT} sessions, the rest refused with the limit's message`, async () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    const caller = await ticket();
    const results = await burst(sessionsWith(), caller);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT);
    const reasons = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { status: number; message: string }] : [],
    );
    expect(new Set(reasons.map((e) => `${e.status} ${e.message}`))).toEqual(
      new Set([`409 ${STREAM_MESSAGES.deviceLimit(LIMIT)}`]),
    );
    expect(await openCount(caller)).toBe(LIMIT);
  }
});

/**
 * A copy of the shipped `open_viewing_session` (migration 0014) named `name`, with 50 ms between its
 * count and its write (inside one statement that window is microseconds, and a burst of ten rarely
 * lands in it), and with its lock line taken out when `lock` is false. The same statements, so the
 * guarded copy and the unguarded one differ by the lock alone.
 */
async function copyOfShipped(name: string, { lock }: { lock: boolean }): Promise<void> {
  const { rows } = await sql<{
    def: string;
  }>`select pg_get_functiondef('open_viewing_session'::regproc) as def`.execute(database.db);
  const shipped = rows[0]!.def;
  const lockLine = /^\s*perform pg_advisory_xact_lock\(.*\);$/m;
  const count = /and last_seen_at > p_fresh_after;$/m;
  expect(shipped).toMatch(lockLine);
  expect(shipped).toMatch(count);
  const copy = (lock ? shipped : shipped.replace(lockLine, ''))
    .replace(count, '$& perform pg_sleep(0.05);')
    .replace(/function ([\w"]+\.)?open_viewing_session\(/i, `function ${name}(`);
  expect(copy).toContain(`function ${name}(`);
  expect(copy).toContain('pg_sleep');
  await sql.raw(copy).execute(database.db);
}

/** The repository's open, calling the function `name` in place of the shipped one. */
const calling = (name: string) => (): Partial<ViewingSessionRepository> => ({
  async openWithinLimit(s, freshAfter, limit) {
    const { rows } = await sql<{ open: number | null }>`
        select ${sql.raw(name)}(${s.id}::uuid, ${s.eventId}::integer, ${s.userId}::integer, ${s.viewer},
          ${s.keyHash}, ${s.at}::timestamptz, ${freshAfter}::timestamptz, ${limit}::integer) as open`.execute(
      database.db,
    );
    return rows[0]?.open ?? null;
  },
});

/** The most sessions any one ticket got from a burst, over the rounds. */
async function worstOf(service: () => ReturnType<typeof sessionsWith>): Promise<number> {
  let worst = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const caller = await ticket();
    await burst(service(), caller);
    worst = Math.max(worst, await openCount(caller));
  }
  return worst;
}

it('with 50 ms between the count and the write, the per-ticket lock still lets exactly the limit in', async () => {
  await copyOfShipped('open_viewing_session_widened', { lock: true });
  expect(await worstOf(() => sessionsWith(calling('open_viewing_session_widened')))).toBe(LIMIT);
});

it('control: the same statements without the per-ticket lock let more than the limit in', async () => {
  await copyOfShipped('open_viewing_session_unlocked', { lock: false });
  expect(await worstOf(() => sessionsWith(calling('open_viewing_session_unlocked')))).toBeGreaterThan(LIMIT);
});

import { sql } from 'kysely';
import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import type { Database } from '../../../src/server/db/database';
import type { ViewingSessionRepository } from '../../../src/server/modules/streams/viewingSessionRepository';
import { createViewingSessions } from '../../../src/server/modules/streams/viewingSessionService';
import { createEntitlements } from '../../../src/server/modules/orders/entitlements';
import { importCatalog } from '../../../src/server/modules/catalog/importer';
import type { UserCaller } from '../../../src/server/platform/caller';
import { giveOrder } from '../../utils/cart';
import { openRaceDatabase, unitOfWorkWith } from '../../utils/races';

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

const burst = (service: ReturnType<typeof sessionsWith>, caller: UserCaller) =>
  Promise.allSettled(Array.from({ length: PLAYERS }, () => service.open(caller, 'race-watch')));
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
 * The shipped `open_viewing_session` (migration 0014) with its lock line taken out, as
 * `open_viewing_session_unlocked`: the control runs the same statements without the guard.
 */
async function createUnlockedCopy(): Promise<void> {
  const { rows } = await sql<{
    def: string;
  }>`select pg_get_functiondef('open_viewing_session'::regproc) as def`.execute(database.db);
  const shipped = rows[0]!.def;
  const lockLine = /^\s*perform pg_advisory_xact_lock\(.*\);\s*$/m;
  expect(shipped).toMatch(lockLine);
  const unlocked = shipped
    .replace(lockLine, '')
    .replace(/function ([\w"]+\.)?open_viewing_session\(/, 'function open_viewing_session_unlocked(');
  expect(unlocked).toContain('function open_viewing_session_unlocked(');
  await sql.raw(unlocked).execute(database.db);
}

it('control: the same statements without the per-ticket lock let more than the limit in', async () => {
  await createUnlockedCopy();
  const unlocked = (): Partial<ViewingSessionRepository> => ({
    async openWithinLimit(s, freshAfter, limit) {
      const { rows } = await sql<{ open: number | null }>`
        select open_viewing_session_unlocked(${s.id}::uuid, ${s.eventId}::integer, ${s.userId}::integer,
          ${s.viewer}, ${s.keyHash}, ${s.at}::timestamptz, ${freshAfter}::timestamptz, ${limit}::integer) as open`.execute(
        database.db,
      );
      return rows[0]?.open ?? null;
    },
  });
  let worst = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const caller = await ticket();
    await burst(sessionsWith(unlocked), caller);
    worst = Math.max(worst, await openCount(caller));
  }
  expect(worst).toBeGreaterThan(LIMIT);
});

// @databases postgres: a race needs concurrent sessions; PGlite has one
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import type { Database } from '../../../../src/server/db/database';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createLiveControlRoom } from '../../../../src/server/modules/live/controlRoom';
import { createFeedProbe } from '../../../../src/server/modules/live/feedProbe';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';
import { testConfig } from '../../../utils/testConfig';

/**
 * Two events' first stream keys issued at once in the console on PostgreSQL:
 * each is given its own SRT ports. The guard is the control room's advisory lock around choosing
 * the free ports and writing them (controlRoomRepository.ts lockSrtPorts). Both the test and its
 * control make the two issues interleave the same way: each reads the ports taken, then waits (a
 * moment at most) for the other to have read them too. With the lock the second cannot read before
 * the first commits; the control takes the lock out, both pick the same ports, and one of them
 * fails on live_feeds' unique port.
 */
let database: Database;
let organizer: { kind: 'user'; userId: number; email: string; name: string; organizer: true };
beforeAll(async () => {
  database = await openRaceDatabase();
  const user = await database.db
    .insertInto('users')
    .values({ email: `ports-${Date.now()}@example.com`, first_name: 'O', last_name: 'P', verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  organizer = { kind: 'user', userId: user.id, email: 'ports@example.com', name: 'O', organizer: true };
}, 60_000);
afterAll(() => database.close());

/** Resolves for everyone once `n` callers have arrived, or after `ms` (a caller held by the lock never arrives). */
function barrier(n: number, ms: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  setTimeout(() => open(), ms);
  return async () => {
    arrived += 1;
    if (arrived === n) open();
    await opened;
  };
}

let round = 0;
async function twoLiveEvents(): Promise<[number, number]> {
  round += 1;
  const paths = [1, 2].map((i) => `ports-${round}-${i}-${Date.now()}`);
  await importCatalog(database.db, {
    events: paths.map((path) => ({ path, title: 'Ports', contentType: 'Live', streams: demoFreeStreams })),
  });
  const rows = await database.db.selectFrom('events').select('id').where('path', 'in', paths).orderBy('id').execute();
  return [rows[0]!.id, rows[1]!.id];
}

function roomWith(lock: boolean) {
  const wait = barrier(2, 1500);
  const uow = unitOfWorkWith(database, 'liveControl', (repo) => ({
    async usedSrtPorts() {
      const used = await repo.usedSrtPorts();
      await wait();
      return used;
    },
    ...(lock ? {} : { lockSrtPorts: async () => undefined }),
  }));
  const config = testConfig();
  return createLiveControlRoom({
    uow,
    settings: config.live,
    srtKey: Buffer.alloc(32, 1),
    hooks: { dropEncoders: async () => undefined, feedsChanged: () => undefined },
    probe: createFeedProbe({ liveDir: config.live.dir, ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', now: Date.now }),
    heartbeatSeconds: config.viewing.heartbeatSeconds,
    ingestStatus: () => ({ state: 'listening', reason: null }),
  });
}

const portsOf = async (eventId: number) =>
  (await database.db.selectFrom('live_feeds').select('srt_port').where('event_id', '=', eventId).execute()).map(
    (r) => r.srt_port,
  );

it('gives two events issued at once their own SRT ports', async () => {
  const [a, b] = await twoLiveEvents();
  const room = roomWith(true);
  const results = await Promise.allSettled([room.issueKeys(organizer, a, []), room.issueKeys(organizer, b, [])]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  const [pa, pb] = [await portsOf(a), await portsOf(b)];
  expect(pa).toHaveLength(demoFreeStreams.streamUrls.length + 1);
  expect(pa.filter((p) => pb.includes(p))).toEqual([]);
});

it('control: without the lock both pick the same ports and one fails on the unique port', async () => {
  const [a, b] = await twoLiveEvents();
  const room = roomWith(false);
  const results = await Promise.allSettled([room.issueKeys(organizer, a, []), room.issueKeys(organizer, b, [])]);
  expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect((failure.reason as { code?: string }).code).toBe('23505');
});

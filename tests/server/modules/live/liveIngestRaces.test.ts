// @databases postgres: a race needs concurrent sessions; PGlite has one
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import type { Database } from '../../../../src/server/db/database';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createLiveRepository, type LiveRepository } from '../../../../src/server/modules/live/liveRepository';
import { createLiveService } from '../../../../src/server/modules/live/service';
import { openRaceDatabase } from '../../../utils/races';
import { createTestApp } from '../../../utils/testApp';
import { testConfig } from '../../../utils/testConfig';
import { ingestDriver } from './liveFixture';

/**
 * Encoders publishing one key at once on PostgreSQL (PGlite runs one statement at a time, so nothing
 * races there): exactly one is let in. The guard is startPublishing's single UPDATE … WHERE
 * publisher IS NULL. Both the test and its control make the two calls interleave the same way on
 * purpose: each reads the feed (free), waits at a barrier until the other has read it too, then
 * takes it. Through the real statement one of the two takes it; the control takes it with an update
 * that trusts what it read (the read-then-write the guard replaces), and both are let in.
 */
const ROUNDS = 5;
let database: Database;
let real: LiveRepository;
beforeAll(async () => {
  database = await openRaceDatabase();
  real = createLiveRepository(database.db);
}, 60_000);
afterAll(() => database.close());

/** Resolves for everyone once `n` callers have arrived. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === n) open();
    await opened;
  };
}

const serviceWith = (repo: LiveRepository) =>
  createLiveService({ repo, settings: testConfig().live, srtKey: Buffer.alloc(32, 1), relayKey: 'race-relay' });

let round = 0;
/** A new 'Live' event with keys, and the key of its angle 1. */
async function freshKey(): Promise<{ eventId: number; key: string }> {
  round += 1;
  const path = `race-live-${round}-${Date.now()}`;
  await importCatalog(database.db, {
    events: [{ path, title: 'Race live', contentType: 'Live', streams: demoFreeStreams }],
  });
  const issued = await serviceWith(real).issueKeys(path, { rotate: false });
  return { eventId: issued.event.id, key: issued.feeds.find((f) => f.angle === 1)!.key };
}

/** The feed as the callers see it before they take it: both find it free. */
async function readFeed(eventId: number, angle: number) {
  return database.db
    .selectFrom('live_feeds')
    .select(['publisher', 'publishes'])
    .where('event_id', '=', eventId)
    .where('angle', '=', angle)
    .executeTakeFirstOrThrow();
}

/** Reads first, waits for the other caller to have read, then takes the feed through the real UPDATE. */
function guardedAfterRead(wait: () => Promise<void>): LiveRepository {
  return {
    ...real,
    async startPublishing(eventId, angle, publisher, at) {
      const seen = await readFeed(eventId, angle);
      await wait();
      if (seen.publisher !== null) return null;
      return real.startPublishing(eventId, angle, publisher, at);
    },
  };
}

/** The control: the same read and barrier, then an update that trusts the read (no WHERE publisher IS NULL). */
function unguardedAfterRead(wait: () => Promise<void>): LiveRepository {
  return {
    ...real,
    async startPublishing(eventId, angle, publisher, at) {
      const seen = await readFeed(eventId, angle);
      await wait();
      if (seen.publisher !== null) return null;
      const row = await database.db
        .updateTable('live_feeds')
        .set({ publisher, publishing_since: at, publishes: seen.publishes + 1 })
        .where('event_id', '=', eventId)
        .where('angle', '=', angle)
        .returning('publishes')
        .executeTakeFirstOrThrow();
      return row.publishes;
    },
  };
}

/** Two encoders publish `key` at once; the decisions, and the feed after. */
async function twoAtOnce(repo: LiveRepository, eventId: number, key: string) {
  const service = serviceWith(repo);
  const decisions = await Promise.all([
    service.authorizePublish(key, 'boot:encoder-a'),
    service.authorizePublish(key, 'boot:encoder-b'),
  ]);
  const admitted = decisions.filter((d) => !('refused' in d));
  const refused = decisions.flatMap((d) => ('refused' in d ? [d.refused] : []));
  const feed = await database.db
    .selectFrom('live_feeds')
    .select(['publisher', 'publishes'])
    .where('event_id', '=', eventId)
    .where('angle', '=', 1)
    .executeTakeFirstOrThrow();
  return { admitted, refused, feed };
}

it('two publishes of one key at once, both having read the feed free: exactly one is let in', async () => {
  for (let i = 0; i < ROUNDS; i += 1) {
    const { eventId, key } = await freshKey();
    const { admitted, refused, feed } = await twoAtOnce(guardedAfterRead(barrier(2)), eventId, key);
    expect(admitted).toEqual([expect.objectContaining({ eventId, angle: 1, part: 1, stream: `e${eventId}-a1-p1` })]);
    expect(refused).toEqual(['angle already publishing']);
    expect(feed.publishes).toBe(1);
    expect(['boot:encoder-a', 'boot:encoder-b']).toContain(feed.publisher);
  }
});

it('a burst of ten publishes of one key through the service as it is: exactly one is let in', async () => {
  for (let i = 0; i < ROUNDS; i += 1) {
    const { eventId, key } = await freshKey();
    const service = serviceWith(real);
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, n) => service.authorizePublish(key, `boot:burst-${n}`)),
    );
    expect(decisions.filter((d) => !('refused' in d))).toHaveLength(1);
    const feed = await readFeed(eventId, 1);
    expect(feed.publishes).toBe(1);
  }
});

it('control: the same interleaving with a read-then-write update lets both encoders in, every time', async () => {
  for (let i = 0; i < ROUNDS; i += 1) {
    const { eventId, key } = await freshKey();
    const { admitted, refused, feed } = await twoAtOnce(unguardedAfterRead(barrier(2)), eventId, key);
    // Two streams for one feed, both called part 1: two packagers would write the same files.
    expect(admitted).toHaveLength(2);
    expect(admitted.map((d) => ('part' in d ? d.part : null))).toEqual([1, 1]);
    expect(refused).toEqual([]);
    expect(feed.publishes).toBe(1);
  }
});

it("ten encoders at once on one key through nginx-rtmp's callback (HTTP): exactly one 302, nine 403", async () => {
  const t = await createTestApp();
  try {
    const ingest = ingestDriver(t.app, deriveKeys(t.config.jwtSecret).ingestControl);
    for (let i = 0; i < ROUNDS; i += 1) {
      const path = `race-http-${i}`;
      await importCatalog(t.database.db, {
        events: [{ path, title: 'Race over HTTP', contentType: 'Live', streams: demoFreeStreams }],
      });
      const key = (await ingest.issue(path))[2]!.key;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => ingest.publish(key, `http-${i}-${n}`)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([302, ...Array<number>(9).fill(403)]);
      expect(answers.find((a) => a.statusCode === 302)!.headers.location).toMatch(/^e\d+-a2-p1$/);
    }
  } finally {
    await t.close();
  }
}, 60_000);

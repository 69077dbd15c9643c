// @databases postgres: its outcome does not depend on the kind of database
import { sql } from 'kysely';
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import { LIVE_MESSAGES } from '../../../../src/server/modules/live/service';
import { hashStreamKey, STREAM_KEY_SHAPE } from '../../../../src/server/modules/live/streamKeys';
import { LIVE_ANGLE_MAX } from '../../../../src/shared/contract/live';
import { DEMO_FEED_ANGLES, liveTestApp, type IssuedFeed, type LiveTestApp } from './liveFixture';

/**
 * Stream keys through `/internal/live/keys` (what `npm run live:keys` calls): one per feed of a
 * 'Live' event, shown once and stored only as a SHA-256; a second issue is refused unless rotated;
 * a rotation's old keys stop working at once; no keys for an event that is not 'Live' or has no
 * streams. On PGlite and on PostgreSQL.
 */
let x: LiveTestApp;
beforeAll(async () => {
  x = await liveTestApp({});
}, 60_000);
afterAll(() => x.t.close());

const refusal = (res: { statusCode: number; json(): { message: string } }) => [res.statusCode, res.json().message];

describe('issued keys', () => {
  let eventId: number;
  let feeds: IssuedFeed[];
  beforeAll(async () => {
    eventId = await x.liveEvent('keys-issued');
    feeds = await x.ingest.issue('keys-issued');
  });

  it("are one per feed: the program cut (angle 0) and every angle of the event's stream config", () => {
    expect(feeds.map((f) => f.angle)).toEqual(DEMO_FEED_ANGLES);
    // The demo's nine cameras are as many as the player's keys reach (0 the program, 1–9).
    expect(Math.max(...feeds.map((f) => f.angle))).toBe(LIVE_ANGLE_MAX);
    expect(feeds.map((f) => f.name)).toEqual([
      demoFreeStreams.Program,
      ...demoFreeStreams.streamUrls.map((s) => s.name),
    ]);
    for (const f of feeds) expect(f.key).toMatch(STREAM_KEY_SHAPE);
    expect(new Set(feeds.map((f) => f.key)).size).toBe(feeds.length);
    expect(new Set(feeds.map((f) => f.srtPort)).size).toBe(feeds.length);
    for (const f of feeds) expect(f.srtPassphrase).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('are stored only as their SHA-256: no row of live_feeds (nor any text column of it) holds a key', async () => {
    const rows = await x.t.database.db.selectFrom('live_feeds').selectAll().where('event_id', '=', eventId).execute();
    expect(rows.map((r) => r.angle).sort((a, b) => a - b)).toEqual(DEMO_FEED_ANGLES);
    const stored = JSON.stringify(rows);
    // A key, and also its random part alone (a key stored without its prefix is still the key).
    expect(feeds.filter((f) => stored.includes(f.key) || stored.includes(f.key.slice('live_'.length)))).toEqual([]);
    for (const f of feeds) expect(rows.find((r) => r.angle === f.angle)!.key_hash).toBe(hashStreamKey(f.key));
    // The whole table as text, as a dump would show it.
    const dump = await sql<{ t: string }>`select live_feeds::text as t from live_feeds`.execute(x.t.database.db);
    expect(dump.rows.filter((r) => feeds.some((f) => r.t.includes(f.key.slice('live_'.length))))).toEqual([]);
  });

  it('are not issued again without rotate: 409 with the sentence naming when they were issued', async () => {
    const issuedAt = (
      await x.t.database.db
        .selectFrom('live_feeds')
        .select('issued_at')
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).issued_at;
    const again = await x.ingest.keys('keys-issued');
    expect(refusal(again)).toEqual([409, LIVE_MESSAGES.keysIssued(issuedAt.toISOString())]);
    expect(again.body).not.toMatch(/live_[A-Za-z0-9_-]{32}/);
    const rows = await x.t.database.db
      .selectFrom('live_feeds')
      .select('key_hash')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows.map((r) => r.key_hash).sort()).toEqual(feeds.map((f) => hashStreamKey(f.key)).sort());
  });
});

describe('a rotation', () => {
  it('gives every feed a new key, keeps its SRT port, and the old key is refused at publish at once', async () => {
    const eventId = await x.liveEvent('keys-rotated');
    const old = await x.ingest.issue(eventId);
    x.clock.advance(1000);
    const rotated = await x.ingest.issue(eventId, true);
    expect(rotated.map((f) => f.angle)).toEqual(DEMO_FEED_ANGLES);
    expect(rotated.map((f) => f.srtPort)).toEqual(old.map((f) => f.srtPort));
    for (const [i, f] of rotated.entries()) {
      expect(f.key).toMatch(STREAM_KEY_SHAPE);
      expect(f.key).not.toBe(old[i]!.key);
      // The passphrase follows the key: the old one no longer opens the SRT listener.
      expect(f.srtPassphrase).not.toBe(old[i]!.srtPassphrase);
    }
    const hashes = await x.t.database.db
      .selectFrom('live_feeds')
      .select('key_hash')
      .where('event_id', '=', eventId)
      .execute();
    expect(hashes.map((h) => h.key_hash).sort()).toEqual(rotated.map((f) => hashStreamKey(f.key)).sort());

    for (const angle of [0, 4]) {
      const refused = await x.ingest.publish(old[angle]!.key, `old-${angle}`);
      expect([refused.statusCode, refused.headers.location]).toEqual([403, undefined]);
      const taken = await x.ingest.publish(rotated[angle]!.key, `new-${angle}`);
      expect([taken.statusCode, taken.headers.location]).toEqual([302, `e${eventId}-a${angle}-p1`]);
    }
  });
});

describe('keys are refused', () => {
  it("for an event that is not 'Live' (409, nothing stored)", async () => {
    const res = await x.ingest.keys('live-vod');
    expect(refusal(res)).toEqual([409, LIVE_MESSAGES.notLive]);
    const id = await x.idOf('live-vod');
    expect(await x.t.database.db.selectFrom('live_feeds').select('angle').where('event_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it("for a 'Live' event without streams (409, nothing stored)", async () => {
    const res = await x.ingest.keys('live-bare');
    expect(refusal(res)).toEqual([409, LIVE_MESSAGES.noStreams]);
    const id = await x.idOf('live-bare');
    expect(await x.t.database.db.selectFrom('live_feeds').select('angle').where('event_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('for an event that does not exist (404), by id or path', async () => {
    expect((await x.ingest.keys('no-such-event')).statusCode).toBe(404);
    expect((await x.ingest.keys(999_999)).statusCode).toBe(404);
  });
});

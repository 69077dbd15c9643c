// @databases postgres: its outcome does not depend on the kind of database
import { randomUUID } from 'node:crypto';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { createLiveControlRoom } from '../../../../src/server/modules/live/controlRoom';
import { createFeedProbe } from '../../../../src/server/modules/live/feedProbe';
import { STREAM_KEY_SHAPE } from '../../../../src/server/modules/live/streamKeys';
import { createRepositories } from '../../../../src/server/repositories';
import { STUDIO_LIVE_MESSAGES as M, type StudioLive } from '../../../../src/shared/contract/studioLive';
import type { Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';
import { DEMO_FEED_ANGLES, liveTestApp, type LiveTestApp } from './liveFixture';

/**
 * The console's live control room through its routes, on a 'Live' event with the demo's
 * ten feeds: the state of the show and of each angle, keys issued once and rotated per angle (the
 * old key refused by the ingest at once, no key in the log or the audit), 'Start show', 'End show'
 * (the replay; encoders refused after), the viewers' message in the public live state, and viewers
 * and their quality from the database. Feeds' pictures (ffmpeg) are in liveControlMedia.test.ts.
 */
const lines: string[] = [];
let x: LiveTestApp;
let organizer: Who;
beforeAll(async () => {
  x = await liveTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l: string) => lines.push(l) } });
  organizer = await x.people.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
}, 60_000);
afterAll(() => x.t.close());

const studio = (method: 'GET' | 'POST', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
const room = async (id: number): Promise<StudioLive> => {
  const res = await studio('GET', `/events/${id}/live`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const keys = (id: number, angles?: number[]) => studio('POST', `/events/${id}/live/keys`, angles ? { angles } : {});
const db = () => x.t.database.db;
const auditOf = (id: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('subject_type', '=', 'live')
    .where('subject_id', '=', String(id))
    .orderBy('id')
    .execute();
const iso = (ms: number) => new Date(ms).toISOString();
/** The public live state players read (cached a second: the clock moves past it). */
const publicState = async (id: number) => {
  x.clock.advance(1001);
  return (await x.t.app.inject({ url: `/v1/live/${id}` })).json().data;
};
type IssuedKey = { angle: number; name: string; key: string; rtmpUrl: string; srtUrl: string; rotated: boolean };

describe('the state', () => {
  it("of a 'Live' event before its keys: waiting, every angle of its streams waiting without a key", async () => {
    const id = await x.liveEvent('room-fresh');
    const state = await room(id);
    expect(state).toEqual({
      eventId: id,
      title: 'Live room-fresh',
      airStartDate: x.airStart.toISOString(),
      show: 'waiting',
      startedAt: null,
      endedAt: null,
      message: null,
      ingest: {
        rtmpUrl: `rtmp://${x.t.config.live.ingestHost}:${x.t.config.live.rtmpPort}/live`,
        ingestHost: x.t.config.live.ingestHost,
        // The test app's ingest is never started: the state a server has before its engines listen.
        state: 'starting',
        reason: null,
      },
      angles: DEMO_FEED_ANGLES.map((angle) => ({
        angle,
        name: expect.any(String),
        hasKey: false,
        keyIssuedAt: null,
        state: 'waiting',
        since: null,
        resolution: null,
        bitrateKbps: null,
        packagedBehindMs: null,
        previewUrl: null,
        refused: null,
      })),
      viewers: 0,
      quality: { windowMinutes: 15, sessions: 0, startupP95Ms: null, rebufferRatio: null },
    });
    expect(state.angles[1]!.name).toBe('Main Stage');
  });

  it("is a 404 for an unknown event and a 409 for one that is not 'Live'", async () => {
    const unknown = await studio('GET', '/events/987654/live');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.notFound(987654)]);
    const vod = await studio('GET', `/events/${await x.idOf('live-vod')}/live`);
    expect([vod.statusCode, vod.json().message]).toEqual([409, M.notLive]);
  });

  it('follows the feeds: live since it began publishing, offline since it left', async () => {
    const id = await x.liveEvent('room-follow');
    const issued: IssuedKey[] = (await keys(id)).json().data.feeds;
    const t0 = x.clock.now();
    expect((await x.ingest.publish(issued[1]!.key, 'follow-1')).statusCode).toBe(302);
    x.clock.advance(5000);
    expect((await x.ingest.publish(issued[2]!.key, 'follow-2')).statusCode).toBe(302);
    x.clock.advance(5000);
    expect((await x.ingest.publishDone('x', 'follow-2')).statusCode).toBe(200);
    const state = await room(id);
    expect(state.show).toBe('live');
    expect(state.angles.slice(0, 4).map((a) => [a.angle, a.state, a.since, a.hasKey])).toEqual([
      [0, 'waiting', null, true],
      [1, 'live', iso(t0), true],
      [2, 'offline', iso(t0 + 10_000), true],
      [3, 'waiting', null, true],
    ]);
  });
});

describe('stream keys', () => {
  it('are issued for every angle, answered once, let the encoder in, and reach neither the log nor the audit', async () => {
    const id = await x.liveEvent('room-keys');
    const res = await keys(id);
    expect([res.statusCode, res.json().message]).toEqual([200, M.keysIssued]);
    expect(res.headers['cache-control']).toBe('no-store');
    const issued: IssuedKey[] = res.json().data.feeds;
    expect(issued.map((f) => [f.angle, f.rotated])).toEqual(DEMO_FEED_ANGLES.map((a) => [a, false]));
    for (const f of issued) {
      expect(f.key).toMatch(STREAM_KEY_SHAPE);
      expect(f.rtmpUrl).toBe(`rtmp://${x.t.config.live.ingestHost}:${x.t.config.live.rtmpPort}/live/${f.key}`);
      expect(f.srtUrl).toMatch(
        new RegExp(`^srt://${x.t.config.live.ingestHost}:\\d+\\?passphrase=[\\w-]{32}&pbkeylen=16`),
      );
    }
    expect((await x.ingest.publish(issued[0]!.key, 'keys-0')).statusCode).toBe(302);

    const state = await room(id);
    expect(state.angles.every((a) => a.hasKey && a.keyIssuedAt === iso(x.clock.now()))).toBe(true);
    expect(JSON.stringify(state)).not.toContain(issued[0]!.key);
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        action: 'live.keys',
        before: { keys: [] },
        after: { issued: DEMO_FEED_ANGLES, rotated: [], issuedAt: iso(x.clock.now()) },
      },
    ]);
    for (const f of issued) {
      expect(lines.join('\n')).not.toContain(f.key);
      expect(JSON.stringify(audit)).not.toContain(f.key.slice('live_'.length));
    }
  });

  it("rotates the chosen angles only: their old keys are refused at once, the others' still work", async () => {
    const id = await x.liveEvent('room-rotate');
    const first: IssuedKey[] = (await keys(id)).json().data.feeds;
    x.clock.advance(60_000);
    const res = await keys(id, [2, 2, 5]);
    expect(res.statusCode).toBe(200);
    const rotated: IssuedKey[] = res.json().data.feeds;
    expect(rotated.map((f) => [f.angle, f.rotated])).toEqual([
      [2, true],
      [5, true],
    ]);
    expect(rotated[0]!.key).not.toBe(first[2]!.key);
    // The SRT port stays with the angle; its passphrase changes with the key.
    expect(rotated[0]!.srtUrl.split('?')[0]).toBe(first[2]!.srtUrl.split('?')[0]);
    expect(rotated[0]!.srtUrl).not.toBe(first[2]!.srtUrl);

    expect((await x.ingest.publish(first[2]!.key, 'old-2')).statusCode).toBe(403);
    expect((await x.ingest.publish(rotated[0]!.key, 'new-2')).statusCode).toBe(302);
    expect((await x.ingest.publish(first[3]!.key, 'kept-3')).statusCode).toBe(302);

    const state = await room(id);
    // The control room says why each refused encoder was refused: the old key, rotated.
    expect(state.angles.find((a) => a.angle === 2)!.refused).toEqual({ reason: 'rotated', at: iso(x.clock.now()) });
    expect(state.angles.find((a) => a.angle === 3)!.refused).toBeNull();
    expect(state.angles.find((a) => a.angle === 2)!.keyIssuedAt).toBe(iso(x.clock.now()));
    expect(state.angles.find((a) => a.angle === 3)!.keyIssuedAt).toBe(iso(x.clock.now() - 60_000));
    expect((await auditOf(id)).map((a) => a.after)).toEqual([
      expect.objectContaining({ issued: DEMO_FEED_ANGLES, rotated: [] }),
      expect.objectContaining({ issued: [], rotated: [2, 5] }),
    ]);
    // A second encoder on a feed that is publishing; a key that is no feed's, new or old, is placed nowhere.
    x.clock.advance(1000);
    expect((await x.ingest.publish(first[3]!.key, 'second-3')).statusCode).toBe(403);
    expect((await x.ingest.publish('live_' + 'x'.repeat(32), 'stranger')).statusCode).toBe(403);
    const after = await room(id);
    expect(after.angles.filter((a) => a.refused).map((a) => [a.angle, a.refused!.reason])).toEqual([
      [2, 'rotated'],
      [3, 'second_encoder'],
    ]);
  });

  it('refuses an angle the event does not have, an event without streams, and a show that ended; nothing changes', async () => {
    const id = await x.liveEvent('room-few');
    // This event's stream config has the program cut and two cameras only.
    const row = await db()
      .selectFrom('stream_configs')
      .select('config')
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    const config = { ...row.config, streamUrls: row.config.streamUrls.slice(0, 2) };
    await db()
      .updateTable('stream_configs')
      .set({ config: JSON.stringify(config) })
      .where('event_id', '=', id)
      .execute();

    const tooFar = await keys(id, [1, 4, 7]);
    expect([tooFar.statusCode, tooFar.json().message]).toEqual([400, M.unknownAngles([4, 7])]);
    const outOfRange = await keys(id, [10]);
    expect(outOfRange.statusCode).toBe(400);
    expect(await db().selectFrom('live_feeds').select('angle').where('event_id', '=', id).execute()).toEqual([]);

    const bare = await keys(await x.idOf('live-bare'));
    expect([bare.statusCode, bare.json().message]).toEqual([409, M.noStreams]);
    const vod = await keys(await x.idOf('live-vod'));
    expect([vod.statusCode, vod.json().message]).toEqual([409, M.notLive]);

    expect((await keys(id)).json().data.feeds.map((f: IssuedKey) => f.angle)).toEqual([0, 1, 2]);
    expect((await studio('POST', `/events/${id}/live/end`)).statusCode).toBe(200);
    const before = await db().selectFrom('live_feeds').selectAll().where('event_id', '=', id).execute();
    const after = await keys(id, [1]);
    expect([after.statusCode, after.json().message]).toEqual([409, M.ended]);
    expect(await db().selectFrom('live_feeds').selectAll().where('event_id', '=', id).execute()).toEqual(before);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['live.keys', 'live.end']);
  });
});

describe("'Start show' and 'End show'", () => {
  it('start needs keys; then the air start becomes now, once, audited', async () => {
    const id = await x.liveEvent('room-start');
    const early = await studio('POST', `/events/${id}/live/start`);
    expect([early.statusCode, early.json().message]).toEqual([409, M.noKeys]);
    await keys(id);
    const versionBefore = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'catalog_version')
      .executeTakeFirst();

    const res = await studio('POST', `/events/${id}/live/start`);
    expect([res.statusCode, res.json().message]).toEqual([200, M.started]);
    const started: StudioLive = res.json().data;
    expect([started.airStartDate, started.startedAt, started.show]).toEqual([
      iso(x.clock.now()),
      iso(x.clock.now()),
      'waiting',
    ]);
    const event = await db()
      .selectFrom('events')
      .select('air_start_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(event.air_start_date!.toISOString()).toBe(iso(x.clock.now()));
    // Every instance's catalog reads the new air start.
    const versionAfter = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'catalog_version')
      .executeTakeFirstOrThrow();
    expect(Number(versionAfter.value)).toBe(Number(versionBefore?.value ?? 0) + 1);

    x.clock.advance(30_000);
    const again = await studio('POST', `/events/${id}/live/start`);
    expect([again.statusCode, again.json().data.airStartDate]).toEqual([200, started.airStartDate]);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'live.keys' }),
      {
        action: 'live.start',
        before: { airStartDate: x.airStart.toISOString() },
        after: { airStartDate: started.airStartDate },
      },
    ]);
  });

  it('end makes the replay at once: the show ends, encoders are refused after, start is refused, once, audited', async () => {
    const id = await x.liveEvent('room-end');
    const issued: IssuedKey[] = (await keys(id)).json().data.feeds;
    expect((await x.ingest.publish(issued[0]!.key, 'end-0')).statusCode).toBe(302);
    expect((await publicState(id)).show).toBe('live');

    const res = await studio('POST', `/events/${id}/live/end`);
    expect([res.statusCode, res.json().message]).toEqual([200, M.endedNow]);
    expect([res.json().data.show, res.json().data.endedAt]).toEqual(['ended', iso(x.clock.now())]);
    expect((await publicState(id)).show).toBe('ended');
    expect((await x.ingest.publish(issued[1]!.key, 'end-1')).statusCode).toBe(403);
    expect((await room(id)).angles.find((a) => a.angle === 1)!.refused).toEqual({
      reason: 'ended',
      at: iso(x.clock.now()),
    });
    // Its SRT ports are given back, as `npm run live:end` does.
    const ports = await db().selectFrom('live_feeds').select('srt_port').where('event_id', '=', id).execute();
    expect(ports.every((p) => p.srt_port === null)).toBe(true);

    const endedAt = res.json().data.endedAt;
    x.clock.advance(10_000);
    const again = await studio('POST', `/events/${id}/live/end`);
    expect([again.statusCode, again.json().data.endedAt]).toEqual([200, endedAt]);
    const start = await studio('POST', `/events/${id}/live/start`);
    expect([start.statusCode, start.json().message]).toEqual([409, M.ended]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['live.keys', 'live.end']);
  });

  it('end without keys is a 409 and writes nothing', async () => {
    const id = await x.liveEvent('room-end-early');
    const res = await studio('POST', `/events/${id}/live/end`);
    expect([res.statusCode, res.json().message]).toEqual([409, M.noKeys]);
    expect(await db().selectFrom('live_shows').select('event_id').where('event_id', '=', id).execute()).toEqual([]);
  });
});

describe("the viewers' message", () => {
  it('reaches the public live state, is cleared by an empty one and by the end, audited', async () => {
    const id = await x.liveEvent('room-message');
    expect(await publicState(id)).toEqual({ ingest: false, show: 'waiting', angles: [] });

    const text = 'Technical difficulties: we will be right back.';
    const set = await studio('POST', `/events/${id}/live/message`, { message: `  ${text}  ` });
    expect([set.statusCode, set.json().message, set.json().data.message]).toEqual([200, M.messageSet, text]);
    expect(await publicState(id)).toEqual({ ingest: false, show: 'waiting', angles: [], message: text });

    const same = await studio('POST', `/events/${id}/live/message`, { message: text });
    expect(same.statusCode).toBe(200);
    const cleared = await studio('POST', `/events/${id}/live/message`, { message: '   ' });
    expect([cleared.statusCode, cleared.json().message, cleared.json().data.message]).toEqual([
      200,
      M.messageCleared,
      null,
    ]);
    expect((await publicState(id)).message).toBeUndefined();
    expect(await auditOf(id)).toEqual([
      { action: 'live.message', before: { message: null }, after: { message: text } },
      { action: 'live.message', before: { message: text }, after: { message: null } },
    ]);

    await keys(id);
    await studio('POST', `/events/${id}/live/message`, { message: 'Back in 5' });
    expect((await publicState(id)).message).toBe('Back in 5');
    const ended = await studio('POST', `/events/${id}/live/end`);
    expect(ended.json().data.message).toBeNull();
    expect((await publicState(id)).message).toBeUndefined();
  });

  it('longer than 280 characters is a 400 and changes nothing', async () => {
    const id = await x.liveEvent('room-message-long');
    const res = await studio('POST', `/events/${id}/live/message`, { message: 'x'.repeat(281) });
    expect(res.statusCode).toBe(400);
    expect(await auditOf(id)).toEqual([]);
    expect((await room(id)).message).toBeNull();
  });
});

describe('viewers and their quality', () => {
  it('counts open sessions heard from lately, and sums the reports of the last 15 minutes', async () => {
    const id = await x.liveEvent('room-viewers');
    const now = x.clock.now();
    const heartbeatMs = x.t.config.viewing.heartbeatSeconds * 1000;
    const session = (over: { closed?: boolean; seenAgoMs?: number }) => ({
      id: randomUUID(),
      event_id: id,
      user_id: null,
      viewer: `guest:${randomUUID()}`,
      opened_at: new Date(now - 3_600_000),
      last_seen_at: new Date(now - (over.seenAgoMs ?? 1000)),
      closed_at: over.closed ? new Date(now - 500) : null,
      key_hash: null,
      closed_reason: null,
    });
    const sessions = [
      session({}),
      session({ seenAgoMs: heartbeatMs }),
      session({ closed: true }),
      session({ seenAgoMs: 3 * heartbeatMs }),
    ];
    await db().insertInto('viewing_sessions').values(sessions).execute();
    const report = (i: number, startup: number | null, stallMs: number, watchMs: number, agoMs: number) => ({
      session_id: sessions[i]!.id,
      event_id: id,
      startup_ms: startup,
      stall_ms: stallMs,
      watch_ms: watchMs,
      last_seq: 3,
      first_at: new Date(now - 3_000_000),
      last_at: new Date(now - agoMs),
    });
    await db()
      .insertInto('playback_quality')
      .values([
        report(0, 800, 1000, 60_000, 10_000),
        report(1, 2000, 2000, 40_000, 60_000),
        // Reported 16 minutes ago: out of the window.
        report(2, 9000, 50_000, 50_000, 16 * 60_000),
      ])
      .execute();
    const state = await room(id);
    expect(state.viewers).toBe(2);
    expect(state.quality).toEqual({
      windowMinutes: 15,
      sessions: 2,
      // percentile_cont(0.95) of 800 and 2000.
      startupP95Ms: 1940,
      rebufferRatio: 3000 / 100_000,
    });
  });
});

describe('the running ingest', () => {
  it("is told after each change: the rotated angles' encoders dropped, every encoder at the end", async () => {
    const calls: string[] = [];
    const control = createLiveControlRoom({
      uow: createUnitOfWork(x.t.database.db, createRepositories),
      settings: x.t.config.live,
      srtKey: deriveKeys(x.t.config.jwtSecret).srtPassphrases,
      hooks: {
        dropEncoders: async (eventId, angles) => {
          calls.push(`drop ${eventId} ${angles ? angles.join(',') : 'all'}`);
        },
        feedsChanged: () => calls.push('feeds changed'),
      },
      probe: createFeedProbe({ liveDir: x.t.config.live.dir, ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', now: x.clock.now }),
      heartbeatSeconds: x.t.config.viewing.heartbeatSeconds,
      ingestStatus: () => ({ state: 'listening', reason: null }),
      now: x.clock.now,
    });
    const id = await x.liveEvent('room-hooks');
    const me = {
      kind: 'user' as const,
      userId: organizer.userId!,
      email: 'organizer@example.com',
      name: 'O',
      organizer: true as const,
    };
    await control.issueKeys(me, id, []);
    expect(calls).toEqual(['feeds changed']);
    await control.issueKeys(me, id, [3, 1]);
    await control.end(me, id);
    await control.end(me, id);
    expect(calls).toEqual(['feeds changed', `drop ${id} 1,3`, 'feeds changed', `drop ${id} all`, 'feeds changed']);
  });
});
